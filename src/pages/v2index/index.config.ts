import { pageConfig } from '@/page-config'

export default definePageConfig(pageConfig('pages/v2index/index'))
