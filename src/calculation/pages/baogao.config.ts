import { pageConfig } from '@/pageConfig'

export default definePageConfig(pageConfig('calculation/pages/baogao'))
