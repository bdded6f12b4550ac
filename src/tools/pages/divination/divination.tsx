import '../../tools.scss'
import '../../divination/divination.scss'

import { CHINA_ZONE_LABEL } from '@contract/china-time'
import { Button, Input, Picker, Text, View } from '@tarojs/components'
import { useEffect, useMemo, useRef, useState } from 'react'

import Page from '@/components/Page'
import { Empty } from '@/components/States'
import { MetaphysicsError } from '@/metaphysics/errors'
import type { CastValue } from '@/metaphysics/hexagram'
import { type CoinThrow, type LiuyaoChart, liuyaoChart, throwCoins } from '@/metaphysics/liuyao'
import { randomBytes } from '@/platform/random'
import { chineseDate, nowText } from '@/tools/clock'
import CoinThrower from '@/tools/divination/CoinThrower'
import HandEntry from '@/tools/divination/HandEntry'
import HexagramTexts from '@/tools/divination/HexagramTexts'
import { LINE_POSITIONS } from '@/tools/divination/lines'
import LiuyaoChartView from '@/tools/divination/LiuyaoChartView'
import { type HistoryRecord, useDivinationHistory } from '@/tools/divination/useHistory'

/** How long the coins spin before a throw lands. */
export const COIN_SHAKE_MS = 700

type Mode = 'coins' | 'hand'
interface Cast {
  question: string
  date: string
  values: number[]
}

const EMPTY_HAND: (CastValue | undefined)[] = [undefined, undefined, undefined, undefined, undefined, undefined]

const chartOf = (cast: Cast): { chart?: LiuyaoChart; error?: string } => {
  try {
    return { chart: liuyaoChart({ lines: cast.values, date: cast.date }) }
  } catch (e) {
    return { error: e instanceof MetaphysicsError ? e.message : '排盘失败，请检查输入' }
  }
}

const titleOf = (chart: LiuyaoChart) => chart.benGua.fullName + (chart.bianGua ? ` 之 ${chart.bianGua.fullName}` : '')

/** tools/pages/divination/divination: 金钱卦 — six throws of three coins or lines by hand, then the 六爻 chart. */
export default function Divination() {
  const [question, setQuestion] = useState('')
  const [date, setDate] = useState(nowText)
  const [mode, setMode] = useState<Mode>('coins')
  const [throws, setThrows] = useState<CoinThrow[]>([])
  const [shaking, setShaking] = useState(false)
  const [hand, setHand] = useState(EMPTY_HAND)
  const [cast, setCast] = useState<Cast>()
  const [error, setError] = useState('')
  const history = useDivinationHistory()
  const timer = useRef<ReturnType<typeof setTimeout>>()
  useEffect(() => () => clearTimeout(timer.current), [])

  const result = useMemo(() => (cast ? chartOf(cast) : undefined), [cast])

  const finish = (values: number[]) => {
    const next = { question: question.trim(), date, values }
    const built = chartOf(next)
    if (built.error || !built.chart) {
      setError(built.error ?? '排盘失败')
      return
    }
    setError('')
    setCast(next)
    void history.add({ ...next, title: titleOf(built.chart) })
  }

  const throwOnce = async () => {
    if (shaking || throws.length >= 6) return
    let landed: CoinThrow
    try {
      const bytes = await randomBytes(18)
      landed = throwCoins(() => bytes)[0]
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : '摇卦失败，请改用手动输入')
      return
    }
    setError('')
    setShaking(true)
    timer.current = setTimeout(() => {
      setShaking(false)
      const next = [...throws, landed]
      setThrows(next)
      if (next.length === 6) finish(next.map((t) => t.value))
    }, COIN_SHAKE_MS)
  }

  const submitHand = () => {
    const missing = hand.findIndex((v) => v === undefined)
    if (missing >= 0) {
      setError(`${LINE_POSITIONS[missing]}：请选择少阳、少阴、老阳或老阴`)
      return
    }
    finish(hand as number[])
  }

  const restart = () => {
    setCast(undefined)
    setThrows([])
    setHand(EMPTY_HAND)
    setError('')
    setDate(nowText())
  }

  const open = (record: HistoryRecord) => {
    setQuestion(record.question)
    setDate(record.date)
    setCast({ question: record.question, date: record.date, values: record.values })
    setError('')
  }

  const chart = result?.chart
  return (
    <Page
      share={{
        title: chart ? `金钱卦：${titleOf(chart)}` : '金钱卦 · 六爻排盘',
        desc: '三枚铜钱，六次成卦，纳甲六亲一盘看清'
      }}
    >
      {!cast && (
        <View className="tool-card">
          <Input
            className="divination__question"
            value={question}
            maxlength={100}
            placeholder="所问之事（选填），如：此次面试能否成功"
            onInput={(e) => setQuestion(e.detail.value)}
          />
          <View className="tool-row divination__time">
            <Text className="divination__label">起卦时间</Text>
            <Picker
              mode="date"
              value={date.slice(0, 10)}
              start="1900-01-01"
              end="2100-12-31"
              onChange={(e) => setDate(`${e.detail.value} ${date.slice(11)}`)}
            >
              <View className="divination__field divination__date">{chineseDate(date)}</View>
            </Picker>
            <Picker
              mode="time"
              value={date.slice(11)}
              onChange={(e) => setDate(`${date.slice(0, 10)} ${e.detail.value}`)}
            >
              <View className="divination__field divination__clock">{date.slice(11)}</View>
            </Picker>
            <Text className="divination__zone">{CHINA_ZONE_LABEL}</Text>
          </View>
          <View className="tool-row divination__modes">
            <View
              className={`tool-chip divination__mode-coins ${mode === 'coins' ? 'tool-chip--on' : ''}`}
              onClick={() => setMode('coins')}
            >
              铜钱摇卦
            </View>
            <View
              className={`tool-chip divination__mode-hand ${mode === 'hand' ? 'tool-chip--on' : ''}`}
              onClick={() => setMode('hand')}
            >
              手动输入
            </View>
          </View>
          {mode === 'coins' ? (
            <CoinThrower throws={throws} shaking={shaking} onThrow={throwOnce} />
          ) : (
            <HandEntry
              values={hand}
              onChange={(v) => {
                setHand(v)
                setError('')
              }}
              onSubmit={submitHand}
            />
          )}
          {error !== '' && (
            <View className="tool-error" role="alert">
              {error}
            </View>
          )}
        </View>
      )}

      {cast && (
        <>
          <View className="tool-card">
            {chart ? (
              <LiuyaoChartView chart={chart} question={cast.question} />
            ) : (
              <View className="tool-error">{result?.error}</View>
            )}
            <Button className="tool-btn tool-btn--ghost divination__again" onClick={restart}>
              重新起卦
            </Button>
          </View>
          {chart && (
            <View className="tool-card">
              <HexagramTexts chart={chart} />
            </View>
          )}
        </>
      )}

      <View className="tool-card divination__history">
        <View className="tool-row divination__history-head">
          <Text className="tool-card__title">起卦记录</Text>
          {!history.onServer && history.list.length > 0 && (
            <Text className="divination__clear" onClick={history.clear}>
              清空
            </Text>
          )}
        </View>
        {history.error !== '' && <Text className="tool-error divination__history-error">{history.error}</Text>}
        {history.list.length === 0 ? (
          <Empty text="还没有起卦记录" />
        ) : (
          history.list.map((record) => (
            <View
              key={record.id ?? `${record.date}-${record.values.join('')}-${record.question}`}
              className="divination__record"
              onClick={() => open(record)}
            >
              <Text className="divination__record-title">{record.title}</Text>
              <Text className="divination__record-meta">
                {record.question || '未填所问'} · {record.date}
              </Text>
              {record.id !== undefined && (
                <Text
                  className="divination__record-delete"
                  onClick={(e) => {
                    e.stopPropagation()
                    void history.remove(record)
                  }}
                >
                  删除
                </Text>
              )}
            </View>
          ))
        )}
        <Text className="tool-card__note">
          {history.onServer
            ? '记录保存在您的账号中，换设备登录也能看到。'
            : '记录仅保存在本机，最多 20 条；登录后可保存到账号。'}
        </Text>
      </View>
    </Page>
  )
}
