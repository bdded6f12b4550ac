import type { CertificateApplicationStatus } from '@contract'

/** Review states shown to the applicant (certificate and membership applications share them). */
export const REVIEW_STATUS: Record<CertificateApplicationStatus, { text: string; tone: string }> = {
  unpaid: { text: '待缴费', tone: 'wait' },
  reviewing: { text: '审核中', tone: 'review' },
  approved: { text: '已通过', tone: 'ok' },
  rejected: { text: '未通过', tone: 'bad' }
}
