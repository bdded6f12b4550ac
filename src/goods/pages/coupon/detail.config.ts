import { pageConfig } from '@/page-config'

export default definePageConfig(pageConfig('goods/pages/coupon/detail'))
