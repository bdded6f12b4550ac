// H5 only: Taro's Swiper component imports `swiper/bundle`, which registers all 23 Swiper modules
// (~43 KB gzip). The component drives pagination and autoplay, and a11y is on by default in the
// bundle, so those stay (~25 KB). Every other module is off unless its options are set: Taro sets
// zoom only for the `zoom` prop and effects only for `effectsProps`, which no page here uses.
// Add Zoom / EffectFade ... here before using those props.
import Swiper from 'swiper'
import { A11y, Autoplay, Pagination } from 'swiper/modules'

Swiper.use([Pagination, A11y, Autoplay])

export default Swiper
