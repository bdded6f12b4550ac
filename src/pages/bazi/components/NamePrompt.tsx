import './NamePrompt.scss'

import { Button, Input, Text, View } from '@tarojs/components'
import { useState } from 'react'

interface Props {
  title: string
  initial?: string
  confirmText?: string
  busy?: boolean
  /** A message from the server (e.g. the save failed) shown under the field. */
  error?: string
  onConfirm(name: string): void
  onCancel(): void
}

/** Asks for a record's name (1 to 32 characters) in a small dialog. */
export default function NamePrompt({
  title,
  initial = '',
  confirmText = '保存',
  busy,
  error,
  onConfirm,
  onCancel
}: Props) {
  const [name, setName] = useState(initial)
  const [problem, setProblem] = useState('')
  const submit = () => {
    const value = name.trim()
    if (!value) return setProblem('请填写档案名称')
    if (value.length > 32) return setProblem('档案名称不能超过 32 个字')
    setProblem('')
    onConfirm(value)
  }
  const message = problem || error
  return (
    <View className="name-prompt" role="dialog" aria-label={title}>
      <View className="name-prompt__mask" onClick={onCancel} />
      <View className="name-prompt__panel">
        <Text className="name-prompt__title">{title}</Text>
        <View className={`name-prompt__field${message ? ' name-prompt__field--error' : ''}`}>
          <Input
            className="name-prompt__input"
            value={name}
            maxlength={40}
            placeholder="如：张三、本人、客户王先生"
            focus
            onInput={(e) => setName(e.detail.value)}
            onConfirm={submit}
          />
        </View>
        {message && <Text className="name-prompt__error">{message}</Text>}
        <View className="name-prompt__actions">
          <Button className="name-prompt__cancel" onClick={onCancel}>
            取消
          </Button>
          <Button className="name-prompt__ok" disabled={busy} onClick={submit}>
            {busy ? '请稍候…' : confirmText}
          </Button>
        </View>
      </View>
    </View>
  )
}
