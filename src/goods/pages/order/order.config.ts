import { pageConfig } from '@/pageConfig'

export default definePageConfig(pageConfig('goods/pages/order/order'))
