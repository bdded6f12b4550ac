import { pageConfig } from '@/page-config'

export default definePageConfig(pageConfig('pages/my/message'))
