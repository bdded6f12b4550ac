import { pageConfig } from '@/pageConfig'

export default definePageConfig(pageConfig('certificate/pages/apply'))
