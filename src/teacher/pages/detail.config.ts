import { pageConfig } from '@/pageConfig'

export default definePageConfig(pageConfig('teacher/pages/detail'))
