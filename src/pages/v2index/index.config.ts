import { pageConfig } from '@/pageConfig'

export default definePageConfig(pageConfig('pages/v2index/index'))
