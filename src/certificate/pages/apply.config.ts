import { pageConfig } from '@/page-config'

export default definePageConfig(pageConfig('certificate/pages/apply'))
