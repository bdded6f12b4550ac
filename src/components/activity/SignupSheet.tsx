import './SignupSheet.scss'

import type { ActivitySignupResponse, ActivitySummary } from '@contract'
import { Button, Text, View } from '@tarojs/components'
import { useState } from 'react'

import { signupActivity } from '@/api/activity'
import { useFieldErrors } from '@/components/useFieldErrors'
import { errorMessage } from '@/core/errors'
import { useSubscribe } from '@/hooks/useSubscribe'

import { TextField } from './Field'
import { feeText } from './format'
import { validateMobile, validateName } from './validate'

interface Errors {
  name?: string
  mobile?: string
  remark?: string
  /** By the index of the activity's form field. */
  answers?: Record<number, string>
  form?: string
}

/**
 * The sign-up form of an activity: name, mobile, the activity's own questions and a note; a refusal (full, closed) is
 * shown in place.
 */
export default function SignupSheet({
  activity,
  onClose,
  onDone
}: {
  activity: ActivitySummary
  onClose: () => void
  onDone: (res: ActivitySignupResponse) => void
}) {
  const [name, setName] = useState('')
  const [mobile, setMobile] = useState('')
  const [remark, setRemark] = useState('')
  const fields = activity.form_fields ?? []
  const [answers, setAnswers] = useState<string[]>(() => fields.map(() => ''))
  const { errors, setErrors, editing } = useFieldErrors<Errors>()
  const [sending, setSending] = useState(false)
  // The activity's reminder (活动开始提醒) follows a sign-up: the mini-program asks at the tap that sends it.
  const subscribe = useSubscribe('signup')

  const submit = async () => {
    const missing = Object.fromEntries(
      fields.flatMap((f, i) => (f.required && !answers[i].trim() ? [[i, `请填写${f.label}`]] : []))
    )
    const next: Errors = {
      name: validateName(name),
      mobile: validateMobile(mobile),
      remark: remark.trim().length > 200 ? '备注不能超过 200 字' : undefined,
      answers: missing
    }
    if (next.name || next.mobile || next.remark || Object.keys(missing).length) return setErrors(next)
    setErrors({})
    setSending(true)
    await subscribe()
    try {
      onDone(
        await signupActivity({
          activity_id: activity.activity_id,
          name: name.trim(),
          mobile: mobile.trim(),
          remark: remark.trim(),
          ...(fields.length ? { answers: answers.map((a) => a.trim()) } : {})
        })
      )
    } catch (e) {
      setErrors({ form: errorMessage(e) })
    } finally {
      setSending(false)
    }
  }

  return (
    <View className="act-sheet" role="dialog" aria-label="活动报名">
      <View className="act-sheet__mask" onClick={onClose} />
      <View className="act-sheet__panel">
        <View className="act-sheet__head">
          <Text className="act-sheet__title">报名 · {activity.title}</Text>
          <Text className="act-sheet__close" onClick={onClose}>
            ×
          </Text>
        </View>
        <Text className="act-sheet__info">
          剩余 {activity.seats_left} 个名额 · 费用 {feeText(activity.fee)}
        </Text>
        <TextField
          name="name"
          label="姓名"
          required
          value={name}
          placeholder="请填写真实姓名"
          maxlength={16}
          error={errors.name}
          onChange={editing(setName, 'name')}
        />
        <TextField
          name="mobile"
          label="手机号"
          required
          type="number"
          value={mobile}
          placeholder="用于活动通知"
          maxlength={11}
          error={errors.mobile}
          onChange={editing(setMobile, 'mobile')}
        />
        {fields.map((f, i) => (
          <TextField
            key={`${i}-${f.label}`}
            name={`answer-${i}`}
            label={f.label}
            required={f.required}
            value={answers[i]}
            placeholder={f.required ? `请填写${f.label}` : '选填'}
            maxlength={100}
            error={errors.answers?.[i]}
            onChange={(v) => {
              setAnswers((list) => list.map((old, j) => (j === i ? v : old)))
              setErrors((e) => {
                if (!e.answers?.[i]) return e
                const { [i]: _gone, ...rest } = e.answers
                return { ...e, answers: rest }
              })
            }}
          />
        ))}
        <TextField
          name="remark"
          label="备注"
          value={remark}
          placeholder="选填，如同行人数"
          maxlength={200}
          error={errors.remark}
          onChange={editing(setRemark, 'remark')}
        />
        {errors.form && <Text className="act-sheet__form-error">{errors.form}</Text>}
        <Button className="act-sheet__submit" loading={sending} disabled={sending} onClick={submit}>
          {activity.fee > 0 ? `提交并支付 ${feeText(activity.fee)}` : '确认报名'}
        </Button>
      </View>
    </View>
  )
}
