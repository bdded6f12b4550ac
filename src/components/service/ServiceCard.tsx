import './service.scss'

import type { ServiceSummary } from '@contract'
import { Image, Text, View } from '@tarojs/components'

import { formatFen } from '@/core/format'
import { navigateTo } from '@/navigation'

import { serviceDetailUrl } from './links'

/** One service in a list: cover, title, summary, length and price; opens its detail. */
export default function ServiceCard({ service }: { service: ServiceSummary }) {
  return (
    <View
      className="service-card"
      data-service={service.service_id}
      onClick={() => navigateTo(serviceDetailUrl(service.service_id))}
    >
      <Image className="service-card__cover" src={service.cover} mode="aspectFill" />
      <View className="service-card__body">
        <Text className="service-card__title">{service.title}</Text>
        <Text className="service-card__summary">{service.summary}</Text>
        <View className="service-card__foot">
          <Text className="service-card__price">{formatFen(service.price)}</Text>
          <Text className="service-card__len">{service.duration_min} 分钟</Text>
        </View>
      </View>
    </View>
  )
}
