import { pageConfig } from '@/pageConfig'

export default definePageConfig(pageConfig('association/pages/detail/induction'))
