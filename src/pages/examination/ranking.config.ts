import { pageConfig } from '@/pageConfig'

export default definePageConfig(pageConfig('pages/examination/ranking'))
