import './detail.scss'

import { Image, RichText, Text, View } from '@tarojs/components'

import { getAssociation } from '@/api/association'
import Page from '@/components/Page'
import { ErrorView, Loading } from '@/components/States'
import { formatFen } from '@/core/format'
import { useRemote } from '@/hooks/useRemote'
import { navigateTo } from '@/navigation'

/** association/pages/detail/detail: who the association is, and the ways to join. */
export default function AssociationDetailPage() {
  const remote = useRemote(getAssociation, [])
  if (!remote.data)
    return <Page>{remote.error ? <ErrorView message={remote.error} onRetry={remote.reload} /> : <Loading />}</Page>
  const a = remote.data

  return (
    <Page share={{ title: a.name, desc: a.slogan, imageUrl: a.cover }}>
      <View className="assoc">
        <Image className="assoc__cover" src={a.cover} mode="aspectFill" />
        <View className="assoc__card assoc__head">
          <Image className="assoc__logo" src={a.logo} />
          <View className="assoc__names">
            <Text className="assoc__name">{a.name}</Text>
            <Text className="assoc__slogan">{a.slogan}</Text>
          </View>
        </View>
        <View className="assoc__card assoc__facts">
          <View className="assoc__fact">
            <Text className="assoc__fact-value">{a.founded_year}</Text>
            <Text className="assoc__fact-label">成立年份</Text>
          </View>
          <View className="assoc__fact">
            <Text className="assoc__fact-value">{a.members}</Text>
            <Text className="assoc__fact-label">会员人数</Text>
          </View>
          <View className="assoc__fact">
            <Text className="assoc__fact-value">{a.dues > 0 ? formatFen(a.dues) : '免费'}</Text>
            <Text className="assoc__fact-label">年度会费</Text>
          </View>
        </View>
        <View className="assoc__card">
          <RichText className="assoc__intro" nodes={a.intro} />
        </View>
        <View className="assoc__link" onClick={() => navigateTo('/association/pages/detail/induction')}>
          <Text>入会须知：会员权益与流程</Text>
          <Text className="assoc__arrow">›</Text>
        </View>
      </View>
      <View className="assoc__bar">
        <Text className="assoc__btn assoc__btn--ghost" onClick={() => navigateTo('/pages/my/easyApply')}>
          快速入会
        </Text>
        <Text className="assoc__btn" onClick={() => navigateTo('/pages/my/union')}>
          申请正式会员
        </Text>
      </View>
    </Page>
  )
}
