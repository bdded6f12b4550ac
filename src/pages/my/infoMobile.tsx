import { useEffect, useState } from 'react'
import { Input, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { bindMobile, checkBindMobile, sendSms } from '../../api/user'
import { validateMobile, validateSmsCode } from '../../core/mobile-login'
import { errorMessage, useRemote } from '../../hooks/useRemote'

const RESEND_SECONDS = 60

/** The bound mobile number (checked first with checkBindMobile), bound or changed with an SMS code. */
export default function InfoMobile() {
  const bound = useRemote(() => checkBindMobile(), [])
  const [open, setOpen] = useState(false)
  const [mobile, setMobile] = useState('')
  const [code, setCode] = useState('')
  const [errors, setErrors] = useState<{ mobile?: string; sms_code?: string; form?: string }>({})
  const [hint, setHint] = useState('')
  const [countdown, setCountdown] = useState(0)

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
      const sent = await sendSms({ mobile: mobile.trim(), scene: 'bind' })
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
      await bindMobile({ mobile: mobile.trim(), sms_code: code.trim() })
      Taro.showToast({ title: '手机号已绑定', icon: 'success' })
      setOpen(false)
      setMobile('')
      setCode('')
      setHint('')
      await bound.reload()
    } catch (e) {
      setErrors({ form: errorMessage(e) })
    }
  }

  const current = bound.data?.bound ? bound.data.mobile : ''
  return (
    <View className='acct-card info__mobile'>
      <View className='acct-field'>
        <Text className='acct-field__label'>手机号</Text>
        <Text className={`acct-field__value ${current ? '' : 'acct-field__placeholder'}`}>
          {bound.error ? bound.error : bound.data ? current || '未绑定' : '查询中…'}
        </Text>
        {bound.data && (
          <Text className='info__link info__mobile-toggle' onClick={() => setOpen(!open)}>
            {open ? '取消' : current ? '更换' : '绑定'}
          </Text>
        )}
      </View>
      {open && (
        <View className='info__bind'>
          <View className='acct-field'>
            <Text className='acct-field__label'>新手机号</Text>
            <Input
              className='acct-input info__bind-mobile'
              type='number'
              maxlength={11}
              placeholder='请输入 11 位手机号'
              value={mobile}
              onInput={(e) => setMobile(e.detail.value)}
            />
          </View>
          {errors.mobile && <Text className='acct-error'>{errors.mobile}</Text>}
          <View className='acct-field'>
            <Text className='acct-field__label'>验证码</Text>
            <Input
              className='acct-input info__bind-code'
              type='number'
              maxlength={6}
              placeholder='6 位验证码'
              value={code}
              onInput={(e) => setCode(e.detail.value)}
            />
            <Text className={`info__link info__send ${countdown > 0 ? 'info__link--off' : ''}`} onClick={() => countdown <= 0 && send()}>
              {countdown > 0 ? `${countdown} 秒后重发` : '获取验证码'}
            </Text>
          </View>
          {errors.sms_code && <Text className='acct-error'>{errors.sms_code}</Text>}
          {hint && <Text className='acct-hint'>{hint}</Text>}
          {errors.form && <Text className='acct-error'>{errors.form}</Text>}
          <View className='acct-btn info__bind-submit' onClick={submit}>
            确认绑定
          </View>
        </View>
      )}
    </View>
  )
}
