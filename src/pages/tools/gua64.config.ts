import { pageConfig } from '@/page-config'

export default definePageConfig(pageConfig('pages/tools/gua64'))
