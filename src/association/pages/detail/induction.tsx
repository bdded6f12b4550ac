import './induction.scss'

import { Text, View } from '@tarojs/components'

import { getInduction } from '@/api/association'
import Page from '@/components/Page'
import { ErrorView, Loading } from '@/components/States'
import { formatFen } from '@/core/format'
import { useRemote } from '@/hooks/useRemote'
import { navigateTo } from '@/navigation'

/** association/pages/detail/induction: what membership gives, how joining goes, and the dues. */
export default function InductionPage() {
  const remote = useRemote(getInduction, [])
  if (!remote.data)
    return <Page>{remote.error ? <ErrorView message={remote.error} onRetry={remote.reload} /> : <Loading />}</Page>
  const info = remote.data

  return (
    <Page share={{ title: `加入${info.name}`, desc: info.benefits.map((b) => b.title).join('、') }}>
      <View className="induction">
        <Text className="induction__section">会员权益</Text>
        <View className="induction__grid">
          {info.benefits.map((b, i) => (
            <View key={b.title} className="induction__benefit">
              <Text className="induction__no">{String(i + 1).padStart(2, '0')}</Text>
              <Text className="induction__benefit-title">{b.title}</Text>
              <Text className="induction__benefit-text">{b.text}</Text>
            </View>
          ))}
        </View>
        <Text className="induction__section">入会流程</Text>
        <View className="induction__steps">
          {info.steps.map((s, i) => (
            <View key={s} className="induction__step">
              <Text className="induction__dot">{i + 1}</Text>
              <Text className="induction__step-text">{s}</Text>
            </View>
          ))}
        </View>
        <Text className="induction__section">会费说明</Text>
        <View className="induction__dues">
          <Text>正式会员年度会费：{info.dues > 0 ? formatFen(info.dues) : '免缴'}</Text>
          <Text className="induction__dues-note">
            快速入会只需姓名与手机号，无需缴费；正式会员需提交证件照与个人简介。
          </Text>
        </View>
        <View className="induction__actions">
          <Text className="induction__btn induction__btn--ghost" onClick={() => navigateTo('/pages/my/easyApply')}>
            快速入会
          </Text>
          <Text className="induction__btn" onClick={() => navigateTo('/pages/my/union')}>
            申请正式会员
          </Text>
        </View>
      </View>
    </Page>
  )
}
