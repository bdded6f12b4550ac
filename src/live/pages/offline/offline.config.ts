import { pageConfig } from '@/pageConfig'

export default definePageConfig(pageConfig('live/pages/offline/offline'))
