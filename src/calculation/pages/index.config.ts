import { pageConfig } from '@/page-config'

export default definePageConfig(pageConfig('calculation/pages/index'))
