import { pageConfig } from '@/pageConfig'

export default definePageConfig(pageConfig('tools/pages/daily/fortune'))
