import { pageConfig } from '@/pageConfig'

export default definePageConfig(pageConfig('activity/pages/detail'))
