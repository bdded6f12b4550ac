import './index.scss'

import { Button, Input, Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useEffect, useState } from 'react'

import { errorMessage } from '@/core/errors'
import { validateMobile, validateSmsCode } from '@/core/mobile-login'
import { singlePageMode } from '@/platform/env'
import { sendLoginSms } from '@/platform/mobile-login'
import { sessionStore } from '@/stores'

const RESEND_SECONDS = 60

/**
 * Login by mobile number and SMS code, shown over any page when the session asks for a login. `takeMissed`
 * gives a login asked for before the session store was loaded, which the store missed (./Host.tsx).
 */
function LoginSheet({ takeMissed }: { takeMissed?: () => string | undefined }) {
  useEffect(() => {
    const reason = takeMissed?.()
    if (reason !== undefined) sessionStore.showLogin(reason)
  }, [takeMissed])
  const [mobile, setMobile] = useState('')
  const [code, setCode] = useState('')
  const [errors, setErrors] = useState<{ mobile?: string; sms_code?: string; form?: string }>({})
  const [hint, setHint] = useState('')
  const [countdown, setCountdown] = useState(0)
  const [sending, setSending] = useState(false)

  useEffect(() => {
    if (countdown <= 0) return
    const timer = setTimeout(() => setCountdown(countdown - 1), 1000)
    return () => clearTimeout(timer)
  }, [countdown])

  // 单页模式 has no login at all: the tap said where the full mini-program is (src/platform/login.weapp.ts).
  if (!sessionStore.loginRequired || singlePageMode()) return null

  const send = async () => {
    const invalid = validateMobile(mobile)
    if (invalid) return setErrors({ mobile: invalid })
    setErrors({})
    setSending(true)
    try {
      const sent = await sendLoginSms(mobile)
      setCountdown(RESEND_SECONDS)
      // The SMS simulator (development only) hands the code back so the demo can log in.
      setHint(sent.debug_code ? `验证码已发送（开发环境：${sent.debug_code}）` : '验证码已发送')
    } catch (e) {
      setErrors({ form: errorMessage(e) })
    } finally {
      setSending(false)
    }
  }

  const submit = async () => {
    const next = { mobile: validateMobile(mobile), sms_code: validateSmsCode(code) }
    if (next.mobile || next.sms_code) return setErrors(next)
    setErrors({})
    try {
      await sessionStore.loginByMobile(mobile, code)
      setCode('')
      setHint('')
    } catch (e) {
      setErrors({ form: errorMessage(e) })
    }
  }

  return (
    <View className="login-sheet" role="dialog" aria-label="登录">
      <View className="login-sheet__mask" onClick={sessionStore.dismissLogin} />
      <View className="login-sheet__panel">
        <View className="login-sheet__head">
          <Text className="login-sheet__title">手机号登录</Text>
          <Text className="login-sheet__close" onClick={sessionStore.dismissLogin}>
            ×
          </Text>
        </View>
        {sessionStore.loginReason && <Text className="login-sheet__reason">{sessionStore.loginReason}</Text>}
        <View className={`login-sheet__field${errors.mobile ? ' login-sheet__field--error' : ''}`}>
          <Input
            className="login-sheet__input login-sheet__mobile"
            type="number"
            maxlength={11}
            placeholder="请输入手机号"
            value={mobile}
            onInput={(e) => setMobile(e.detail.value)}
          />
        </View>
        {errors.mobile && <Text className="login-sheet__error">{errors.mobile}</Text>}
        <View className={`login-sheet__field${errors.sms_code ? ' login-sheet__field--error' : ''}`}>
          <Input
            className="login-sheet__input login-sheet__code"
            type="number"
            maxlength={6}
            placeholder="6 位验证码"
            value={code}
            onInput={(e) => setCode(e.detail.value)}
          />
          <Text
            className={`login-sheet__send${countdown > 0 || sending ? ' login-sheet__send--off' : ''}`}
            onClick={() => countdown <= 0 && !sending && send()}
          >
            {countdown > 0 ? `${countdown} 秒后重发` : '获取验证码'}
          </Text>
        </View>
        {errors.sms_code && <Text className="login-sheet__error">{errors.sms_code}</Text>}
        {hint && <Text className="login-sheet__hint">{hint}</Text>}
        {errors.form && <Text className="login-sheet__error">{errors.form}</Text>}
        <Button
          className="login-sheet__submit"
          loading={sessionStore.loggingIn}
          disabled={sessionStore.loggingIn}
          onClick={submit}
        >
          登录
        </Button>
        <Text className="login-sheet__note">未注册的手机号验证后将自动创建账号</Text>
      </View>
    </View>
  )
}

export default observer(LoginSheet)
