import './detail.scss'

import { Image, RichText, Text, View } from '@tarojs/components'
import Taro, { useDidShow } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'

import { getCertificate } from '@/api/certificate'
import { REVIEW_STATUS } from '@/components/certificate/status'
import Page from '@/components/Page'
import { ErrorView, Loading } from '@/components/States'
import { formatFen } from '@/core/format'
import { useRemote } from '@/hooks/useRemote'
import { ensureUser } from '@/hooks/useUser'
import { navigateTo } from '@/navigation'

/** certificate/pages/detail: what the certificate is, who may apply, the fee, and my registration. */
function CertificateDetailPage() {
  const certificateId = Number(Taro.getCurrentInstance().router?.params.certificate_id) || 0
  const remote = useRemote(() => getCertificate({ certificate_id: certificateId }), [certificateId])
  useDidShow(() => {
    if (remote.data) void remote.reload()
  })

  if (!remote.data)
    return <Page>{remote.error ? <ErrorView message={remote.error} onRetry={remote.reload} /> : <Loading />}</Page>
  const { detail: c, my_application: mine } = remote.data
  // A live application is followed in my registrations; none (or a rejected one) may apply.
  const following = mine && mine.status !== 'rejected' && mine.status !== 'unpaid'

  const act = () => {
    if (!ensureUser('登录后报名证书')) return
    if (following) return void navigateTo('/pages/my/certificate')
    void navigateTo(`/certificate/pages/apply?certificate_id=${c.certificate_id}`)
  }

  return (
    <Page share={{ title: c.title, desc: c.summary, imageUrl: c.cover }}>
      <View className="cert-detail">
        <Image className="cert-detail__cover" src={c.cover} mode="aspectFill" />
        <View className="cert-detail__card">
          <Text className="cert-detail__title">{c.title}</Text>
          <Text className="cert-detail__summary">{c.summary}</Text>
          <View className="cert-detail__facts">
            <View className="cert-detail__fact">
              <Text className="cert-detail__fact-value cert-detail__fee">{formatFen(c.fee)}</Text>
              <Text className="cert-detail__fact-label">报名费</Text>
            </View>
            <View className="cert-detail__fact">
              <Text className="cert-detail__fact-value">{c.level || '—'}</Text>
              <Text className="cert-detail__fact-label">等级</Text>
            </View>
            <View className="cert-detail__fact">
              <Text className="cert-detail__fact-value">{c.applicants}</Text>
              <Text className="cert-detail__fact-label">已报名</Text>
            </View>
          </View>
          <Text className="cert-detail__issuer">
            颁发单位：{c.issuer} · {c.category_name}
          </Text>
        </View>
        {mine && (
          <View className="cert-detail__mine" onClick={() => navigateTo('/pages/my/certificate')}>
            <Text>我的报名</Text>
            <Text className={`cert-detail__status cert-detail__status--${REVIEW_STATUS[mine.status].tone}`}>
              {REVIEW_STATUS[mine.status].text} ›
            </Text>
          </View>
        )}
        <View className="cert-detail__card">
          <RichText className="cert-detail__content" nodes={c.requirements} />
        </View>
      </View>
      <View className="cert-detail__bar">
        <Text className="cert-detail__bar-fee">{formatFen(c.fee)}</Text>
        <Text className="cert-detail__btn" onClick={act}>
          {following
            ? '查看进度'
            : mine?.status === 'unpaid'
              ? '继续报名'
              : mine?.status === 'rejected'
                ? '重新报名'
                : '立即报名'}
        </Text>
      </View>
    </Page>
  )
}

export default observer(CertificateDetailPage)
