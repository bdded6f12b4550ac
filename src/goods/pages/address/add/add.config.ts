import { pageConfig } from '@/page-config'

export default definePageConfig(pageConfig('goods/pages/address/add/add'))
