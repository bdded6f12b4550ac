import './OfflineSignupSheet.scss'

import type { OfflineClass } from '@contract'
import { CHINA_ZONE_LABEL } from '@contract/china-time'
import { Button, Input, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useState } from 'react'

import { signupOfflineClass } from '@/api/course'
import { useFieldErrors } from '@/components/useFieldErrors'
import { errorMessage } from '@/core/errors'
import { formatDate } from '@/core/format'
import { validateMobile } from '@/core/mobile-login'
import { useSubscribe } from '@/hooks/useSubscribe'

interface Errors {
  name?: string
  mobile?: string
  form?: string
}

export function validateName(name: string): string | undefined {
  const n = name.trim()
  if (!n) return '请填写姓名'
  if (n.length < 2 || n.length > 16) return '姓名应为 2 到 16 个字'
  return undefined
}

/** The sign-up form of an offline class: name and mobile; a refusal (full, closed) is shown in place. */
export default function OfflineSignupSheet({
  klass,
  onClose,
  onDone
}: {
  klass: OfflineClass
  onClose: () => void
  onDone: (seatsLeft: number) => void
}) {
  const [name, setName] = useState('')
  const [mobile, setMobile] = useState('')
  const { errors, setErrors, editing } = useFieldErrors<Errors>()
  const [sending, setSending] = useState(false)
  // The class's reminder (线下课开课提醒) follows a sign-up: the mini-program asks at the tap that sends it.
  const subscribe = useSubscribe('signup')

  const submit = async () => {
    const next = { name: validateName(name), mobile: validateMobile(mobile) }
    if (next.name || next.mobile) return setErrors(next)
    setErrors({})
    setSending(true)
    await subscribe()
    try {
      const res = await signupOfflineClass({ class_id: klass.class_id, name: name.trim(), mobile: mobile.trim() })
      Taro.showToast({ title: '报名成功', icon: 'success' })
      onDone(res.seats_left)
    } catch (e) {
      setErrors({ form: errorMessage(e) })
    } finally {
      setSending(false)
    }
  }

  return (
    <View className="signup-sheet" role="dialog" aria-label="线下课程报名">
      <View className="signup-sheet__mask" onClick={onClose} />
      <View className="signup-sheet__panel">
        <View className="signup-sheet__head">
          <Text className="signup-sheet__title">
            报名 · {klass.course_title} {klass.title}
          </Text>
          <Text className="signup-sheet__close" onClick={onClose}>
            ×
          </Text>
        </View>
        <Text className="signup-sheet__info">
          {formatDate(klass.starts_at, 'yyyy-mm-dd hh:MM')}（{CHINA_ZONE_LABEL}）开课 · 余 {klass.seats_left} 席
        </Text>
        <View className={`signup-sheet__field${errors.name ? ' signup-sheet__field--error' : ''}`}>
          <Text className="signup-sheet__label">姓名</Text>
          <Input
            className="signup-sheet__input signup-sheet__name"
            placeholder="请填写真实姓名"
            maxlength={16}
            value={name}
            onInput={(e) => editing(setName, 'name')(e.detail.value)}
          />
        </View>
        {errors.name && <Text className="signup-sheet__error">{errors.name}</Text>}
        <View className={`signup-sheet__field${errors.mobile ? ' signup-sheet__field--error' : ''}`}>
          <Text className="signup-sheet__label">手机号</Text>
          <Input
            className="signup-sheet__input signup-sheet__mobile"
            type="number"
            placeholder="用于开课通知"
            maxlength={11}
            value={mobile}
            onInput={(e) => editing(setMobile, 'mobile')(e.detail.value)}
          />
        </View>
        {errors.mobile && <Text className="signup-sheet__error">{errors.mobile}</Text>}
        {errors.form && <Text className="signup-sheet__error signup-sheet__form-error">{errors.form}</Text>}
        <Button className="signup-sheet__submit" loading={sending} disabled={sending} onClick={submit}>
          确认报名
        </Button>
      </View>
    </View>
  )
}
