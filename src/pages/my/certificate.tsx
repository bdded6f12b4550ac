import './certificate.scss'

import type { CertificateApplication } from '@contract'
import { Image, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'

import { getMyCertificates, payCertificate } from '@/api/certificate'
import { certificateDetailUrl } from '@/components/certificate/CertificateCard'
import { REVIEW_STATUS } from '@/components/certificate/status'
import Page from '@/components/Page'
import { refundText } from '@/components/refund'
import { Empty, PagedView } from '@/components/States'
import LoginRequired from '@/components/States/LoginRequired'
import { errorMessage } from '@/core/errors'
import { formatDate, formatFen } from '@/core/format'
import { noPage, useListPage } from '@/hooks/useListPage'
import { useSubscribe } from '@/hooks/useSubscribe'
import { useUser } from '@/hooks/useUser'
import { navigateTo, switchTab } from '@/navigation'
import { payOrder } from '@/platform/pay'
import { canBuyVirtualGoods } from '@/platform/virtual-goods'

/** pages/my/certificate: my certificate registrations and where each stands in the review. */
function MyCertificatesPage() {
  const loggedIn = useUser('登录后查看证书报名')
  const list = useListPage(
    (page) => (loggedIn ? getMyCertificates({ page }) : Promise.resolve(noPage<CertificateApplication>())),
    [loggedIn],
    { refreshOnShow: true }
  )
  // Paying the fee sends the application to review: the mini-program asks for its result's message, in the tap.
  const subscribe = useSubscribe('apply')

  const pay = async (a: CertificateApplication) => {
    await subscribe()
    try {
      const outcome = await payOrder(await payCertificate({ application_id: a.application_id }))
      Taro.showToast({
        title: outcome === 'paid' ? '缴费成功，等待审核' : '支付已取消',
        icon: outcome === 'paid' ? 'success' : 'none'
      })
    } catch (e) {
      Taro.showToast({ title: errorMessage(e), icon: 'none' })
    }
    await list.refresh()
  }

  return (
    <Page>
      {!loggedIn ? (
        <LoginRequired message="登录后才能查看证书报名" />
      ) : (
        <PagedView
          list={list}
          empty={
            <View>
              <Empty text="还没有证书报名" />
              <View className="my-cert__go" onClick={() => switchTab(3)}>
                去看看证书
              </View>
            </View>
          }
        >
          {() =>
            list.items.map((a) => {
              const status = REVIEW_STATUS[a.status]
              return (
                <View
                  key={a.application_id}
                  className="my-cert"
                  onClick={() => navigateTo(certificateDetailUrl(a.certificate_id))}
                >
                  <View className="my-cert__main">
                    <Image className="my-cert__photo" src={a.photo} mode="aspectFill" />
                    <View className="my-cert__info">
                      <Text className="my-cert__title">{a.certificate_title}</Text>
                      <Text className="my-cert__line">
                        {a.name} · {a.id_number}
                      </Text>
                      <Text className="my-cert__line">报名于 {formatDate(a.created_at, 'yyyy-mm-dd hh:MM')}</Text>
                    </View>
                    <Text className={`my-cert__status my-cert__status--${status.tone}`}>{status.text}</Text>
                  </View>
                  {a.status === 'approved' && (
                    <Text className="my-cert__note my-cert__note--ok">证书编号：{a.certificate_no}</Text>
                  )}
                  {a.status === 'rejected' && (
                    <Text className="my-cert__note my-cert__note--bad">未通过原因：{a.review_note}</Text>
                  )}
                  {a.refund && <Text className="my-cert__note my-cert__note--refund">{refundText(a.refund)}</Text>}
                  {a.status === 'reviewing' && <Text className="my-cert__note">资料已提交，3 个工作日内完成审核</Text>}
                  {a.status === 'unpaid' && (
                    <View className="my-cert__foot">
                      <Text className="my-cert__fee">待缴 {formatFen(a.amount)}</Text>
                      {canBuyVirtualGoods() && (
                        <Text
                          className="my-cert__pay"
                          onClick={(e) => {
                            e.stopPropagation()
                            void pay(a)
                          }}
                        >
                          去缴费
                        </Text>
                      )}
                    </View>
                  )}
                </View>
              )
            })
          }
        </PagedView>
      )}
    </Page>
  )
}

export default observer(MyCertificatesPage)
