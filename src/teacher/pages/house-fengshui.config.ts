import { pageConfig } from '@/page-config'

export default definePageConfig(pageConfig('teacher/pages/house-fengshui'))
