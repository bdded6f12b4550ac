import type { CertificateApplication, CertificateSummary } from '../../../contract'
import { assetUrl } from '../../core/asset-url'
import type { DataCipher } from '../../core/data-key'
import { openMobile } from '../../core/sealed-columns'
import type { certificateApplications, certificates } from '../../db/schema'
import { refundView } from '../payment/biz-refund'
import { maskedIdNumber } from './id-number-store'

type Certificate = typeof certificates.$inferSelect
type Application = typeof certificateApplications.$inferSelect

export function certificateSummary(publicUrl: string, c: Certificate): CertificateSummary {
  return {
    certificate_id: c.id,
    category_id: c.categoryId,
    title: c.title,
    summary: c.summary,
    cover: assetUrl(publicUrl, c.cover),
    issuer: c.issuer,
    level: c.level,
    fee: c.feeFen,
    applicants: c.applicants,
    required_fields: c.requiredFields
  }
}

/** `photo` is what the reader may open: the stored ID photo made viewable (server/modules/file/private.ts). */
export function applicationView(
  publicUrl: string,
  cipher: DataCipher,
  a: Application,
  c: Certificate,
  photo: string
): CertificateApplication {
  return {
    application_id: a.id,
    certificate_id: c.id,
    certificate_title: c.title,
    cover: assetUrl(publicUrl, c.cover),
    issuer: c.issuer,
    status: a.status,
    amount: a.amountFen,
    name: a.name,
    id_number: maskedIdNumber(cipher, a.idNumber),
    mobile: openMobile(cipher, a.mobile),
    education: a.education,
    photo,
    review_note: a.reviewNote,
    certificate_no: a.certificateNo,
    created_at: a.createdAt.toISOString(),
    reviewed_at: a.reviewedAt ? a.reviewedAt.toISOString() : '',
    refund: refundView(a)
  }
}
