import { pageConfig } from '@/page-config'

export default definePageConfig(pageConfig('association/pages/detail/detail'))
