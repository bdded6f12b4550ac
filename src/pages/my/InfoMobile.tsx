import type { AccountMergeSummary } from '@contract'
import { Input, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useEffect, useState } from 'react'

import { bindMobile, checkBindMobile, mergeAccount } from '@/api/user'
import { errorMessage } from '@/core/errors'
import { formatFen } from '@/core/format'
import { validateMobile, validateSmsCode } from '@/core/mobile-login'
import { useRemote } from '@/hooks/useRemote'
import { sendSceneSms } from '@/platform/mobile-login'
import { appStore } from '@/stores'

const RESEND_SECONDS = 60

/** What merging brings over, in words: only what the other account really has. */
export function mergeItems(s: AccountMergeSummary): string[] {
  const items: Array<[number, string]> = [
    [s.orders, `订单 ${s.orders} 个`],
    [s.courses, `课程 ${s.courses} 门`],
    [s.certificates, `证书报名 ${s.certificates} 个`],
    [s.coupons, `可用优惠券 ${s.coupons} 张`],
    [s.addresses, `收货地址 ${s.addresses} 个`],
    [s.records, `八字档案 ${s.records} 份`],
    [s.wallet_fen, `钱包余额 ${formatFen(s.wallet_fen)}（明细一并保留）`]
  ]
  return items.filter(([n]) => n > 0).map(([, text]) => text)
}

/** The bound mobile number (checked first with checkBindMobile), bound or changed with an SMS code. */
export default function InfoMobile() {
  const bound = useRemote(() => checkBindMobile(), [])
  const [open, setOpen] = useState(false)
  const [mobile, setMobile] = useState('')
  const [code, setCode] = useState('')
  const [errors, setErrors] = useState<{ mobile?: string; sms_code?: string; form?: string }>({})
  const [hint, setHint] = useState('')
  const [countdown, setCountdown] = useState(0)
  const [offer, setOffer] = useState<{ token: string; mobile: string; summary: AccountMergeSummary }>()
  const [merging, setMerging] = useState(false)

  useEffect(() => {
    if (countdown <= 0) return
    const timer = setTimeout(() => setCountdown(countdown - 1), 1000)
    return () => clearTimeout(timer)
  }, [countdown])

  const send = async () => {
    const invalid = validateMobile(mobile)
    if (invalid) return setErrors({ mobile: invalid })
    setErrors({})
    try {
      const sent = await sendSceneSms(mobile.trim(), 'bind')
      setCountdown(RESEND_SECONDS)
      // The SMS simulator (development only) hands the code back.
      setHint(sent.debug_code ? `验证码已发送（开发环境：${sent.debug_code}）` : '验证码已发送')
    } catch (e) {
      setErrors({ form: errorMessage(e) })
    }
  }

  const submit = async () => {
    const next = { mobile: validateMobile(mobile), sms_code: validateSmsCode(code) }
    if (next.mobile || next.sms_code) return setErrors(next)
    setErrors({})
    try {
      const result = await bindMobile({ mobile: mobile.trim(), sms_code: code.trim() })
      // The number belongs to another account of this user (e.g. logged in by SMS on the web): ask first.
      if (result.merge)
        return setOffer({ token: result.merge.merge_token, mobile: result.mobile, summary: result.merge.summary })
      await done('手机号已绑定')
    } catch (e) {
      setErrors({ form: errorMessage(e) })
    }
  }

  const done = async (title: string) => {
    Taro.showToast({ title, icon: 'success' })
    setOpen(false)
    setOffer(undefined)
    setMobile('')
    setCode('')
    setHint('')
    await bound.reload()
  }

  const merge = async () => {
    if (!offer || merging) return
    setMerging(true)
    try {
      await mergeAccount({ merge_token: offer.token })
      await done('账号已合并')
      await appStore.loadProfile()
    } catch (e) {
      setErrors({ form: errorMessage(e) })
      setOffer(undefined)
    } finally {
      setMerging(false)
    }
  }

  const current = bound.data?.bound ? bound.data.mobile : ''
  return (
    <View className="acct-card info__mobile">
      <View className="acct-field">
        <Text className="acct-field__label">手机号</Text>
        <Text className={`acct-field__value ${current ? '' : 'acct-field__placeholder'}`}>
          {bound.error ? bound.error : bound.data ? current || '未绑定' : '查询中…'}
        </Text>
        {bound.data && (
          <Text className="info__link info__mobile-toggle" onClick={() => setOpen(!open)}>
            {open ? '取消' : current ? '更换' : '绑定'}
          </Text>
        )}
      </View>
      {offer && (
        <View className="info__merge">
          <Text className="info__merge-title">
            该手机号 {offer.mobile} 已是另一个账号{offer.summary.nickname ? `（${offer.summary.nickname}）` : ''}
          </Text>
          <Text className="acct-hint">
            {mergeItems(offer.summary).length
              ? `合并后，它的${mergeItems(offer.summary).join('、')}将并入当前账号。`
              : '它没有订单、课程、优惠券或余额等内容。'}
            原账号将被停用并退出登录，之后用这个手机号登录即进入当前账号。合并不能撤销。
          </Text>
          <View className="acct-btn info__merge-confirm" onClick={merge}>
            {merging ? '正在合并…' : '确认合并'}
          </View>
          <Text className="info__link info__merge-cancel" onClick={() => setOffer(undefined)}>
            暂不合并
          </Text>
        </View>
      )}
      {open && !offer && (
        <View className="info__bind">
          <View className="acct-field">
            <Text className="acct-field__label">新手机号</Text>
            <Input
              className="acct-input info__bind-mobile"
              type="number"
              maxlength={11}
              placeholder="请输入 11 位手机号"
              value={mobile}
              onInput={(e) => setMobile(e.detail.value)}
            />
          </View>
          {errors.mobile && <Text className="acct-error">{errors.mobile}</Text>}
          <View className="acct-field">
            <Text className="acct-field__label">验证码</Text>
            <Input
              className="acct-input info__bind-code"
              type="number"
              maxlength={6}
              placeholder="6 位验证码"
              value={code}
              onInput={(e) => setCode(e.detail.value)}
            />
            <Text
              className={`info__link info__send ${countdown > 0 ? 'info__link--off' : ''}`}
              onClick={() => countdown <= 0 && send()}
            >
              {countdown > 0 ? `${countdown} 秒后重发` : '获取验证码'}
            </Text>
          </View>
          {errors.sms_code && <Text className="acct-error">{errors.sms_code}</Text>}
          {hint && <Text className="acct-hint">{hint}</Text>}
          {errors.form && <Text className="acct-error">{errors.form}</Text>}
          <View className="acct-btn info__bind-submit" onClick={submit}>
            确认绑定
          </View>
        </View>
      )}
    </View>
  )
}
