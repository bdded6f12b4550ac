import '../../components/Mine/account.scss'
import './pay.scss'

import type { PayStatusResponse } from '@contract'
import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useEffect, useRef, useState } from 'react'

import { getPayStatus } from '@/api/pay'
import Page from '@/components/Page'
import { ErrorView } from '@/components/States'
import { errorMessage } from '@/core/errors'
import { formatDate, formatFen } from '@/core/format'
import { isKnownRoute, navigateTo, redirectTo, switchTab } from '@/navigation'
import { BIZ_TYPE_NAMES } from '@/pages/my/wallet-labels'

import { ORDERS_OF, payAgain, POLL_ATTEMPTS, POLL_INTERVAL_MS, viewOf } from './pay-flow'

const TEXT = {
  loading: { icon: '…', title: '正在查询支付结果' },
  success: { icon: '✓', title: '支付成功' },
  pending: { icon: '⏱', title: '支付结果确认中' },
  failed: { icon: '✕', title: '支付未完成' },
  refunded: { icon: '↺', title: '已退款' }
}

/** pages/pay/pay?out_trade_no=: the result of any payment — success, failure with retry, pending with polling. */
export default function PayResult() {
  const outTradeNo = Taro.getCurrentInstance().router?.params.out_trade_no ?? ''
  const [status, setStatus] = useState<PayStatusResponse>()
  const [error, setError] = useState(outTradeNo ? '' : '缺少支付单号')
  const [attempts, setAttempts] = useState(0)
  const [busy, setBusy] = useState(false)
  const alive = useRef(true)
  useEffect(() => () => void (alive.current = false), [])

  const load = async () => {
    try {
      const s = await getPayStatus({ out_trade_no: outTradeNo })
      if (!alive.current) return
      setStatus(s)
      setError('')
    } catch (e) {
      if (alive.current) setError(errorMessage(e))
    }
  }

  useEffect(() => {
    if (outTradeNo) void load()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs only when these values change
  }, [outTradeNo])

  // While the provider has not confirmed, ask again every 2 s for a minute.
  const view = viewOf(status)
  useEffect(() => {
    if (view !== 'pending' || attempts >= POLL_ATTEMPTS) return
    const timer = setTimeout(() => {
      setAttempts((n) => n + 1)
      void load()
    }, POLL_INTERVAL_MS)
    return () => clearTimeout(timer)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs only when these values change
  }, [view, attempts, status])

  const orders = status ? ORDERS_OF[status.biz_type] : undefined
  const retry = async () => {
    if (!status) return
    if (status.status === 'created') {
      setBusy(true)
      try {
        await payAgain(outTradeNo)
        setAttempts(0)
        await load()
      } catch (e) {
        setError(errorMessage(e))
      } finally {
        setBusy(false)
      }
    } else if (orders && isKnownRoute(orders)) void redirectTo('/' + orders)
    else void switchTab(0)
  }

  if (error && !status)
    return (
      <Page>
        <ErrorView message={error} onRetry={outTradeNo ? load : undefined} />
      </Page>
    )
  const text = TEXT[view]
  return (
    <Page>
      <View className={`pay pay--${view}`}>
        <Text className="pay__icon">{text.icon}</Text>
        <Text className="pay__title">{text.title}</Text>
        {status && <Text className="pay__amount">{formatFen(status.amount_fen)}</Text>}
        {status && (
          <Text className="pay__meta">
            {BIZ_TYPE_NAMES[status.biz_type]} · 单号 {status.out_trade_no}
            {status.paid_at ? ` · ${formatDate(status.paid_at, 'yyyy-mm-dd hh:MM')}` : ''}
          </Text>
        )}
        {view === 'pending' && (
          <Text className="pay__hint">
            {attempts >= POLL_ATTEMPTS
              ? '暂未收到支付结果，如已付款请稍后刷新'
              : '如已完成付款，请稍候，结果将自动刷新'}
          </Text>
        )}
        {error && <Text className="acct-error">{error}</Text>}
      </View>
      {view === 'success' && orders && isKnownRoute(orders) && (
        <View className="acct-btn pay__orders" onClick={() => redirectTo('/' + orders)}>
          查看订单
        </View>
      )}
      {(view === 'failed' || view === 'pending') && (
        <View className={`acct-btn pay__retry ${busy ? 'pay__retry--busy' : ''}`} onClick={() => !busy && retry()}>
          {busy ? '支付中…' : '重新支付'}
        </View>
      )}
      {view === 'pending' && (
        <View
          className="acct-btn acct-btn--ghost pay__refresh"
          onClick={() => {
            setAttempts(0)
            void load()
          }}
        >
          我已支付，刷新结果
        </View>
      )}
      <View className="acct-btn acct-btn--ghost pay__home" onClick={() => switchTab(0)}>
        返回首页
      </View>
      {view === 'success' && isKnownRoute('pages/invite/invite') && (
        <Text className="pay__invite" onClick={() => navigateTo('/pages/invite/invite')}>
          邀请好友一起学，好友消费你得佣金 ›
        </Text>
      )}
    </Page>
  )
}
