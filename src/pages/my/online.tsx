import '../../components/Mine/account.scss'
import './online.scss'

import type { PayRecord } from '@contract'
import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'

import { checkCourseRefund, getCourseOrder, payCourseOrder, refundCourseOrder } from '@/api/course'
import { getPayRecords } from '@/api/wallet'
import { confirmed, reportFailure, toast } from '@/components/feedback'
import Page from '@/components/Page'
import { PagedView } from '@/components/States'
import LoginRequired from '@/components/States/LoginRequired'
import { errorMessage } from '@/core/errors'
import { formatDate, formatFen } from '@/core/format'
import { noPage, useListPage } from '@/hooks/useListPage'
import { useSubscribe } from '@/hooks/useSubscribe'
import { useUser } from '@/hooks/useUser'
import { navigateTo } from '@/navigation'
import { payOrder } from '@/platform/pay'
import { canBuyVirtualGoods } from '@/platform/virtual-goods'

import { PAY_STATUS_NAMES } from './wallet-labels'

/**
 * pages/my/online: online course orders, read from the course payments (biz_id is the course order),
 * with 去支付 for a waiting one, 申请退款 for a paid one (inside the owner's policy the money goes back at once)
 * and the course's detail.
 */
/** What the learner picks as the refund's reason (the server keeps any words up to 80 characters). */
const COURSE_REFUND_REASONS = ['不想学了', '课程内容与介绍不符', '误购或重复购买', '其他原因'] as const

const isSheetCancel = (e: unknown) => /cancel/i.test(String((e as { errMsg?: string })?.errMsg ?? ''))

function OnlineOrders() {
  const loggedIn = useUser('登录后查看课程订单')
  const orders = useListPage(
    (page) => (loggedIn ? getPayRecords({ page, biz_type: 'course' }) : Promise.resolve(noPage<PayRecord>())),
    [loggedIn],
    { refreshOnShow: true }
  )
  const subscribe = useSubscribe('pay')

  const pay = async (record: PayRecord) => {
    // The mini-program's 订阅消息 ask, within the tap.
    await subscribe()
    try {
      const start = await payCourseOrder({ order_id: record.biz_id })
      const outcome = await payOrder(start)
      if (outcome === 'paid') await navigateTo(`/pages/pay/pay?out_trade_no=${start.out_trade_no}`)
    } catch (e) {
      Taro.showToast({ title: errorMessage(e), icon: 'none' })
    }
  }

  const refund = async (record: PayRecord) => {
    try {
      const check = await checkCourseRefund({ order_id: record.biz_id })
      if (!check.allowed) {
        await Taro.showModal({ title: '暂不能退款', content: check.reason, showCancel: false })
        return
      }
      const { tapIndex } = await Taro.showActionSheet({ itemList: [...COURSE_REFUND_REASONS] })
      const reason = COURSE_REFUND_REASONS[tapIndex]
      const sure = await confirmed('申请退款', `${formatFen(check.refund_fen)} 将原路退回，退款后不能再学习这门课程。`)
      if (!sure) return
      const done = await refundCourseOrder({ order_id: record.biz_id, reason })
      toast(done.status === 'succeeded' ? '已退款，款项将原路退回' : '退款处理中，款项将原路退回')
      await orders.refresh()
    } catch (e) {
      // Closing the reason sheet is no failure.
      if (isSheetCancel(e)) return
      reportFailure(e)
    }
  }

  const detail = async (record: PayRecord) => {
    try {
      const { order } = await getCourseOrder({ order_id: record.biz_id })
      await navigateTo(`/pages/course/detail?course_id=${order.course_id}`)
    } catch (e) {
      Taro.showToast({ title: errorMessage(e), icon: 'none' })
    }
  }

  return (
    <Page>
      {!loggedIn ? (
        <LoginRequired message="登录后才能查看课程订单" />
      ) : (
        <PagedView list={orders} empty="还没有线上课程订单">
          {() =>
            orders.items.map((r) => (
              <View key={r.out_trade_no} className="acct-card online__order">
                <View className="online__head">
                  <Text className="online__no">订单号 {r.out_trade_no}</Text>
                  <Text className={`acct-tag acct-tag--${r.status}`}>{PAY_STATUS_NAMES[r.status]}</Text>
                </View>
                <Text className="online__title">{r.description.replace(/^课程：/, '')}</Text>
                <View className="online__foot">
                  <Text className="online__time">{formatDate(r.paid_at || r.created_at, 'yyyy-mm-dd hh:MM')}</Text>
                  <Text className="online__amount">{formatFen(r.amount_fen)}</Text>
                </View>
                <View className="online__actions">
                  <Text className="acct-btn acct-btn--ghost acct-btn--small online__detail" onClick={() => detail(r)}>
                    课程详情
                  </Text>
                  {r.status === 'created' && canBuyVirtualGoods() && (
                    <Text className="acct-btn acct-btn--small online__pay" onClick={() => pay(r)}>
                      去支付
                    </Text>
                  )}
                  {r.status === 'paid' && (
                    <Text className="acct-btn acct-btn--ghost acct-btn--small online__refund" onClick={() => refund(r)}>
                      申请退款
                    </Text>
                  )}
                  {r.status === 'paid' && (
                    <Text
                      className="acct-btn acct-btn--ghost acct-btn--small online__result"
                      onClick={() => navigateTo(`/pages/pay/pay?out_trade_no=${r.out_trade_no}`)}
                    >
                      支付详情
                    </Text>
                  )}
                </View>
              </View>
            ))
          }
        </PagedView>
      )}
    </Page>
  )
}

export default observer(OnlineOrders)
