import { pageConfig } from '@/page-config'

export default definePageConfig(pageConfig('activity/pages/detail'))
