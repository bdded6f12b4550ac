import './SaveRecord.scss'

import type { BaziRecord } from '@contract'
import { Button, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useState } from 'react'

import { saveBazi } from '@/api/tools'
import { errorMessage } from '@/core/errors'
import type { BirthForm } from '@/pages/bazi/chart-query'
import { sessionStore } from '@/stores'

import { formToBirth } from './birth'
import NamePrompt from './NamePrompt'

interface Props {
  form: BirthForm
  onSaved?: (record: BaziRecord) => void
}

/**
 * "保存档案": names the chart and saves it to my records (visitors are asked to log in first); once
 * saved it says so and offers no second save (saving the same birth and name again returns that record).
 */
function SaveRecord({ form, onSaved }: Props) {
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const [saved, setSaved] = useState<BaziRecord>()
  const open = () => {
    if (saved) return
    if (!sessionStore.isLoggedIn) return sessionStore.requireLogin('登录后即可保存档案')
    setError('')
    setAsking(true)
  }
  const save = async (name: string) => {
    setBusy(true)
    try {
      const record = await saveBazi({ name, ...formToBirth(form) })
      setSaved(record)
      setAsking(false)
      Taro.showToast({ title: '已保存到八字档案', icon: 'success' }).catch(() => undefined)
      onSaved?.(record)
    } catch (e) {
      setError(errorMessage(e))
    } finally {
      setBusy(false)
    }
  }
  return (
    <View className="save-record">
      <Button className={`save-record__button${saved ? ' save-record__button--done' : ''}`} onClick={open}>
        {saved ? '✓ 已保存' : '保存档案'}
      </Button>
      {asking && (
        <NamePrompt
          title="保存档案"
          initial={form.name || ''}
          busy={busy}
          error={error}
          onConfirm={save}
          onCancel={() => setAsking(false)}
        />
      )}
    </View>
  )
}

export default observer(SaveRecord)
