import './RefundSheet.scss'

import { Text, Textarea, View } from '@tarojs/components'
import { useState } from 'react'

import { REFUND_REASONS } from '@/api/shop'

import { validateRefundReason } from './refund-reason'

interface Props {
  onSubmit: (reason: string) => Promise<unknown>
  onClose: () => void
}

const OTHER = '其他'

/** Asks why a refund is wanted: a listed reason, or the user's own words for 其他. */
export default function RefundSheet({ onSubmit, onClose }: Props) {
  const [picked, setPicked] = useState('')
  const [text, setText] = useState('')
  const [error, setError] = useState('')
  const [sending, setSending] = useState(false)
  const reason = picked === OTHER ? text : picked || text
  const submit = async () => {
    const invalid = validateRefundReason(reason)
    if (invalid) return setError(invalid)
    setSending(true)
    try {
      await onSubmit(reason.trim())
    } finally {
      setSending(false)
    }
  }
  return (
    <View className="refund-sheet" role="dialog" aria-label="申请退款">
      <View className="refund-sheet__mask" onClick={onClose} />
      <View className="refund-sheet__panel">
        <Text className="refund-sheet__title">申请退款</Text>
        <Text className="refund-sheet__label">退款原因</Text>
        <View className="refund-sheet__reasons">
          {REFUND_REASONS.map((item) => (
            <Text
              key={item}
              className={`refund-sheet__reason${picked === item ? ' refund-sheet__reason--on' : ''}`}
              onClick={() => {
                setPicked(item)
                setError('')
              }}
            >
              {item}
            </Text>
          ))}
        </View>
        {picked === OTHER && (
          <Textarea
            className="refund-sheet__text"
            value={text}
            maxlength={200}
            placeholder="请写明退款原因（2-200 字）"
            onInput={(e) => {
              setText(e.detail.value)
              setError('')
            }}
          />
        )}
        {error && <Text className="refund-sheet__error">{error}</Text>}
        <View className="refund-sheet__buttons">
          <View className="refund-sheet__btn refund-sheet__btn--cancel" onClick={onClose}>
            取消
          </View>
          <View className="refund-sheet__btn refund-sheet__btn--submit" onClick={() => !sending && submit()}>
            {sending ? '提交中…' : '提交申请'}
          </View>
        </View>
      </View>
    </View>
  )
}
