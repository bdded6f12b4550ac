import './CertificateCard.scss'

import type { CertificateSummary } from '@contract'
import { Image, Text, View } from '@tarojs/components'

import { formatFen } from '@/core/format'

export const certificateDetailUrl = (id: number) => `/certificate/pages/detail?certificate_id=${id}`

/** One certificate in the catalogue: cover, title, level, issuer, fee and how many applied. */
export default function CertificateCard({
  certificate: c,
  onClick
}: {
  certificate: CertificateSummary
  onClick: () => void
}) {
  return (
    <View className="cert-card" onClick={onClick}>
      <Image className="cert-card__cover" src={c.cover} mode="aspectFill" />
      <View className="cert-card__body">
        <View className="cert-card__top">
          <Text className="cert-card__title">{c.title}</Text>
          {c.level && <Text className="cert-card__level">{c.level}</Text>}
        </View>
        <Text className="cert-card__summary">{c.summary}</Text>
        <View className="cert-card__foot">
          <Text className="cert-card__fee">{formatFen(c.fee)}</Text>
          <Text className="cert-card__count">{c.applicants} 人已报名</Text>
        </View>
      </View>
    </View>
  )
}
