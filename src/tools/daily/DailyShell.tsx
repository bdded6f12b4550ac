import '../tools.scss'
import './daily.scss'

import { Text, View } from '@tarojs/components'
import { useDidShow } from '@tarojs/taro'
import { type ReactNode, useMemo, useState } from 'react'

import BirthInput, { type BirthValue, describeBirth } from '@/components/BirthInput'
import Page from '@/components/Page'
import { Loading } from '@/components/States'
import { type BaziChart, baziChart, dayGanZhiOf } from '@/metaphysics/bazi'
import { MetaphysicsError } from '@/metaphysics/errors'
import { chineseDate, todayText } from '@/tools/clock'

import { loadDailyBirth, saveDailyBirth } from './birth-store'
import { birthOfRecord } from './default-birth'
import { useDefaultRecord } from './useDefaultRecord'

export interface DailyContext {
  chart: BaziChart
  /** 'YYYY-MM-DD' */
  today: string
  dayGanZhi: string
}

interface Props {
  share: { title: string; desc: string }
  /** What the birth form's button says, e.g. '查看今日运势'. */
  action: string
  children: (context: DailyContext) => ReactNode
}

const chartOf = (birth: BirthValue): { chart?: BaziChart; error?: string } => {
  try {
    return { chart: baziChart(birth) }
  } catch (e) {
    return { error: e instanceof MetaphysicsError ? e.message : '命盘计算失败，请检查出生信息' }
  }
}

/**
 * The frame of the daily tools: the remembered birth (or the form to give one), today's date and
 * 干支, and the tool's answer for today, the same all day and new the next.
 */
export default function DailyShell({ share, action, children }: Props) {
  const saved = useDefaultRecord()
  const [typed, setBirth] = useState(loadDailyBirth)
  const [editing, setEditing] = useState(false)
  // A logged-in user's default saved chart wins until they choose to give another birth here.
  const [ownBirth, setOwnBirth] = useState(false)
  const record = !ownBirth ? saved.record : null
  const birth = record ? birthOfRecord(record) : typed
  const [today, setToday] = useState(todayText)
  // Back on the page after midnight: today's answer, not yesterday's.
  useDidShow(() => setToday(todayText()))
  const built = useMemo(() => (birth ? chartOf(birth) : undefined), [birth])
  const [y, m, d] = today.split('-').map(Number)
  const dayGanZhi = dayGanZhiOf({ year: y, month: m, day: d })

  const submit = (value: BirthValue) => {
    saveDailyBirth(value)
    setBirth(value)
    setEditing(false)
    setOwnBirth(true)
  }

  if (saved.loading) {
    return (
      <Page share={share}>
        <Loading />
      </Page>
    )
  }

  return (
    <Page share={share}>
      <View className="tool-card daily__today">
        <Text className="daily__date">{chineseDate(today)}</Text>
        <Text className="daily__ganzhi">{dayGanZhi}日</Text>
      </View>
      {!birth || editing ? (
        <View className="tool-card daily__form">
          <Text className="tool-card__title">{birth ? '修改出生信息' : '填写出生信息'}</Text>
          <Text className="tool-card__note daily__why">按你的八字喜用与当日干支推算，信息只保存在本机。</Text>
          {saved.error !== '' && <Text className="tool-error daily__default-error">{saved.error}</Text>}
          <BirthInput value={birth} onSubmit={submit} submitText={action} withPlace />
        </View>
      ) : (
        <>
          <View className="tool-card daily__who">
            <Text className="daily__birth">
              {record ? `默认档案「${record.name}」· ` : ''}
              {describeBirth(birth)}
            </Text>
            <Text className="daily__edit" onClick={() => setEditing(true)}>
              {record ? '换一个' : '修改'}
            </Text>
          </View>
          {built?.chart ? (
            children({ chart: built.chart, today, dayGanZhi })
          ) : (
            <View className="tool-card">
              <View className="tool-error" role="alert">
                {built?.error}
              </View>
              <Text className="daily__edit" onClick={() => setEditing(true)}>
                修改出生信息
              </Text>
            </View>
          )}
        </>
      )}
    </Page>
  )
}
