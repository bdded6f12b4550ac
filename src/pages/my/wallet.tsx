import '../../components/Mine/account.scss'
import './wallet.scss'

import type { Withdrawal } from '@contract'
import { Input, Text, View } from '@tarojs/components'
import Taro, { useReachBottom } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useState } from 'react'

import { applyWithdrawal, getWallet, getWithdrawal, getWithdrawals } from '@/api/wallet'
import Page from '@/components/Page'
import { Empty, ErrorView, ListFooter, Loading } from '@/components/States'
import LoginRequired from '@/components/States/LoginRequired'
import { errorMessage } from '@/core/errors'
import { formatDate, formatFen } from '@/core/format'
import { usePaged } from '@/hooks/usePaged'
import { usePullRefresh } from '@/hooks/usePullRefresh'
import { useRemote } from '@/hooks/useRemote'
import { useSubscribe } from '@/hooks/useSubscribe'
import { useUser } from '@/hooks/useUser'
import { navigateTo } from '@/navigation'
import { receiveWithdrawal } from '@/platform/pay'

import { parseYuan, STATUS_NAMES, withdrawBlocked } from './wallet-labels'

const NO_PAGE = { list: [] as Withdrawal[], total: 0, page: 1, per_page: 15, last_page: 1 }

/**
 * pages/my/wallet: the balance, a withdrawal request, and the requests followed to 已到账 (after 确认收款), failed or
 * rejected.
 */
function Wallet() {
  const loggedIn = useUser('登录后查看我的钱包')
  const wallet = useRemote(() => (loggedIn ? getWallet() : Promise.resolve(undefined)), [loggedIn])
  const requests = usePaged((page) => (loggedIn ? getWithdrawals({ page }) : Promise.resolve(NO_PAGE)), [loggedIn])
  const [amount, setAmount] = useState('')
  const [realName, setRealName] = useState('')
  const [errors, setErrors] = useState<{ amount?: string; real_name?: string; form?: string }>({})
  const [busy, setBusy] = useState(false)
  const [receiving, setReceiving] = useState(0)
  // 提现到账 / 提现失败 follow a request: the mini-program asks at the tap that sends it.
  const subscribe = useSubscribe('withdraw')

  usePullRefresh(() => Promise.all([wallet.reload(), requests.refresh()]))
  useReachBottom(() => void requests.more())

  const w = wallet.data
  const blocked = w ? withdrawBlocked(w) : ''
  const submit = async () => {
    if (!w || blocked) return
    const parsed = parseYuan(amount)
    const next: typeof errors = {}
    if ('error' in parsed) next.amount = parsed.error
    else if (parsed.fen < w.withdraw_min_fen) next.amount = `单笔提现不能少于 ${formatFen(w.withdraw_min_fen)}`
    else if (parsed.fen > w.available_fen) next.amount = `可提现余额不足（当前 ${formatFen(w.available_fen)}）`
    else if (parsed.fen + w.withdraw_today_fen > w.withdraw_daily_limit_fen) {
      next.amount = `超出每日提现限额 ${formatFen(w.withdraw_daily_limit_fen)}（今日已申请 ${formatFen(w.withdraw_today_fen)}）`
    }
    const name = realName.trim()
    if (!name) next.real_name = '请输入与微信实名一致的真实姓名'
    else if (!/^[\u4e00-\u9fa5·A-Za-z ]{2,32}$/.test(name)) next.real_name = '真实姓名为 2~32 个汉字或字母'
    setErrors(next)
    if (Object.keys(next).length || 'error' in parsed) return
    setBusy(true)
    await subscribe()
    try {
      await applyWithdrawal({ amount_fen: parsed.fen, real_name: name })
      setAmount('')
      Taro.showToast({ title: '提现申请已提交', icon: 'success' })
      await Promise.all([wallet.reload(), requests.refresh()])
    } catch (e) {
      setErrors({ form: errorMessage(e) })
    } finally {
      setBusy(false)
    }
  }

  // 确认收款 in WeChat, then the server asks WeChat Pay for the result (its notice may come later).
  const receive = async (r: Withdrawal) => {
    setReceiving(r.id)
    try {
      if ((await receiveWithdrawal(r)) === 'paid') {
        const after = await getWithdrawal({ id: r.id })
        Taro.showToast({ title: after.status === 'paid' ? '已到账微信零钱' : '已确认，到账结果稍后更新', icon: 'none' })
      }
      await Promise.all([wallet.reload(), requests.refresh()])
    } catch (e) {
      Taro.showToast({ title: errorMessage(e), icon: 'none' })
    } finally {
      setReceiving(0)
    }
  }

  if (!loggedIn)
    return (
      <Page>
        <LoginRequired message="登录后才能查看钱包" />
      </Page>
    )
  return (
    <Page share={{ title: '易学 · 邀请好友赚佣金' }}>
      {!w ? (
        wallet.error ? (
          <ErrorView message={wallet.error} onRetry={wallet.reload} />
        ) : (
          <Loading />
        )
      ) : (
        <>
          <View className="wallet__balance">
            <Text className="wallet__label">可提现余额（元）</Text>
            <Text className="wallet__available">{formatFen(w.available_fen).slice(1)}</Text>
            <View className="wallet__sums">
              <View className="wallet__sum">
                <Text className="wallet__sum-value wallet__frozen">{formatFen(w.frozen_fen)}</Text>
                <Text className="wallet__sum-label">冻结中</Text>
              </View>
              <View className="wallet__sum">
                <Text className="wallet__sum-value wallet__earned">{formatFen(w.total_earned_fen)}</Text>
                <Text className="wallet__sum-label">累计收益</Text>
              </View>
              <View className="wallet__sum">
                <Text className="wallet__sum-value">{formatFen(w.withdrawn_fen)}</Text>
                <Text className="wallet__sum-label">已提现</Text>
              </View>
            </View>
            {w.owed_fen > 0 && (
              <Text className="wallet__owed">退款待抵扣 {formatFen(w.owed_fen)}，将从后续佣金中扣除</Text>
            )}
          </View>
          <View className="wallet__links">
            <Text className="wallet__link" onClick={() => navigateTo('/pages/my/commission')}>
              收支明细 ›
            </Text>
            <Text className="wallet__link" onClick={() => navigateTo('/pages/mine/friend')}>
              我的好友 ›
            </Text>
            <Text className="wallet__link" onClick={() => navigateTo('/pages/text/text?key=withdraw-rule')}>
              提现说明 ›
            </Text>
          </View>
          <View className="acct-card">
            <Text className="acct-card__title">申请提现</Text>
            {blocked && <Text className="wallet__blocked">{blocked}</Text>}
            <View className="acct-field">
              <Text className="acct-field__label">金额（元）</Text>
              <Input
                className="acct-input wallet__amount"
                type="digit"
                disabled={!!blocked}
                placeholder={`最低 ${formatFen(w.withdraw_min_fen)}`}
                value={amount}
                onInput={(e) => setAmount(e.detail.value)}
              />
            </View>
            {errors.amount && <Text className="acct-error wallet__error--amount">{errors.amount}</Text>}
            <View className="acct-field">
              <Text className="acct-field__label">真实姓名</Text>
              <Input
                className="acct-input wallet__name"
                maxlength={32}
                disabled={!!blocked}
                placeholder="与微信实名一致"
                value={realName}
                onInput={(e) => setRealName(e.detail.value)}
              />
            </View>
            {errors.real_name && <Text className="acct-error wallet__error--name">{errors.real_name}</Text>}
            {errors.form && <Text className="acct-error wallet__error--form">{errors.form}</Text>}
            <Text className="acct-hint">
              每日限额 {formatFen(w.withdraw_daily_limit_fen)}，今日已申请 {formatFen(w.withdraw_today_fen)}
              ；审核通过后转入微信零钱，请在提现记录中确认收款。
            </Text>
            <View
              className={`acct-btn wallet__submit ${busy || blocked ? 'wallet__submit--busy' : ''}`}
              onClick={() => !busy && submit()}
            >
              {busy ? '提交中…' : blocked ? '暂不可提现' : '申请提现'}
            </View>
          </View>
        </>
      )}
      <View className="acct-card">
        <Text className="acct-card__title">提现记录</Text>
        {!requests.ready ? (
          <Loading />
        ) : requests.error && requests.items.length === 0 ? (
          <ErrorView message={requests.error} onRetry={requests.refresh} />
        ) : requests.items.length === 0 ? (
          <Empty text="还没有提现记录" />
        ) : (
          requests.items.map((r) => (
            <View key={r.id} className="acct-row wallet__request">
              <View className="acct-row__main">
                <Text className="acct-row__title">提现至微信零钱 · {r.real_name}</Text>
                <Text className="acct-row__sub">{formatDate(r.created_at, 'yyyy-mm-dd hh:MM')}</Text>
                {r.status === 'rejected' && (
                  <Text className="acct-row__sub wallet__reason">驳回原因：{r.reject_reason}</Text>
                )}
                {r.status === 'failed' && (
                  <Text className="acct-row__sub wallet__reason">{r.fail_reason}，金额已退回余额</Text>
                )}
                {r.status === 'wait_confirm' && (
                  <Text className="acct-row__sub">请在 24 小时内确认收款，逾期金额退回余额</Text>
                )}
              </View>
              <View className="acct-row__side">
                <Text className="acct-amount acct-amount--out">{formatFen(r.amount_fen)}</Text>
                <Text className={`acct-tag acct-tag--${r.status}`}>{STATUS_NAMES[r.status]}</Text>
                {r.status === 'wait_confirm' && (
                  <View
                    className={`acct-btn wallet__receive ${receiving ? 'wallet__submit--busy' : ''}`}
                    onClick={() => !receiving && receive(r)}
                  >
                    {receiving === r.id ? '确认中…' : '确认收款'}
                  </View>
                )}
              </View>
            </View>
          ))
        )}
        <ListFooter
          loading={requests.loading && requests.ready}
          finished={requests.finished}
          empty={requests.items.length === 0}
        />
      </View>
    </Page>
  )
}

export default observer(Wallet)
