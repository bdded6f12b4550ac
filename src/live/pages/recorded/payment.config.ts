import { pageConfig } from '@/page-config'

export default definePageConfig(pageConfig('live/pages/recorded/payment'))
