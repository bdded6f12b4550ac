import { pageConfig } from '@/page-config'

export default definePageConfig(pageConfig('tools/pages/house/info'))
