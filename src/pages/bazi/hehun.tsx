import './hehun.scss'

import { HEHUN } from '@contract/routes'
import { Button, Input, Picker, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useMemo, useState } from 'react'

import Page from '@/components/Page'
import type { PosterBlock } from '@/components/share/poster'
import SharePoster from '@/components/share/SharePoster'
import { ErrorView } from '@/components/States'

import Pillars from './components/Pillars'
import { posterPillars } from './components/posters'
import { matchOf, type Side, sidesOf, sidesToQuery } from './hehun-query'
import Segmented from './parts/Segmented'

const pillarsOf = (c: { pillars: Record<'year' | 'month' | 'day' | 'hour', { ganZhi: string }> }) =>
  (['year', 'month', 'day', 'hour'] as const).map((k) => c.pillars[k].ganZhi)

// Class names stay ASCII: WeChat's stylesheet compiler (wcsc) refuses other characters in a selector.
const VERDICT_CLASS: Record<'吉' | '平' | '忌', string> = { 吉: 'good', 平: 'even', 忌: 'bad' }

function SideForm({ side, title, onChange }: { side: Side; title: string; onChange: (s: Side) => void }) {
  const [day, time] = side.date ? side.date.split(' ') : ['', '']
  return (
    <View className="hehun-side">
      <Text className="hehun-side__title">{title}</Text>
      <View className="hehun-side__row">
        <Text className="hehun-side__label">姓名</Text>
        <Input
          className="hehun-side__name"
          value={side.name}
          placeholder="可不填"
          maxlength={10}
          onInput={(e) => onChange({ ...side, name: e.detail.value })}
        />
      </View>
      <View className="hehun-side__row">
        <Text className="hehun-side__label">性别</Text>
        <Segmented
          name={`${title}-gender`}
          options={[
            ['male', '男'],
            ['female', '女']
          ]}
          value={side.gender}
          onChange={(gender) => onChange({ ...side, gender })}
        />
      </View>
      <View className="hehun-side__row">
        <Text className="hehun-side__label">公历生日</Text>
        <Picker
          mode="date"
          value={day || '1990-01-01'}
          start="1900-01-01"
          end="2100-12-31"
          onChange={(e) => onChange({ ...side, date: `${e.detail.value} ${time || '12:00'}` })}
        >
          <View className="hehun-side__value">{day || '请选择日期'}</View>
        </Picker>
        <Picker
          mode="time"
          value={time || '12:00'}
          onChange={(e) => onChange({ ...side, date: `${day || '1990-01-01'} ${e.detail.value}` })}
        >
          <View className="hehun-side__value">{time || '时间'}</View>
        </Picker>
      </View>
    </View>
  )
}

/** pages/bazi/hehun: 八字合婚 — two births, their charts read against each other, shareable with the births in the link. */
export default function HeHun() {
  const params = (Taro.getCurrentInstance().router?.params ?? {}) as Record<string, string>
  const [sides, setSides] = useState<[Side, Side]>(() => sidesOf(params))
  const [asked, setAsked] = useState<[Side, Side] | undefined>(() =>
    params.a && params.b ? sidesOf(params) : undefined
  )
  const match = useMemo(() => asked && matchOf(asked), [asked])
  const target = asked ? { route: HEHUN, options: sidesToQuery(asked) } : undefined
  const names = asked?.map(
    (s, i) => s.name || (s.gender === 'male' ? '男方' : '女方') + (asked[0].gender === asked[1].gender ? i + 1 : '')
  )
  const poster = useMemo(() => {
    if (!match?.result || !match.charts || !names) return undefined
    const blocks: PosterBlock[] = [
      {
        kind: 'text',
        text: `${match.result.score}分 · ${match.result.level}`,
        size: 22,
        bold: true,
        color: '#E65100',
        center: true
      },
      { kind: 'text', text: names[0], size: 13, color: '#666666', center: true },
      { kind: 'pillars', pillars: posterPillars(pillarsOf(match.charts[0])) },
      { kind: 'text', text: names[1], size: 13, color: '#666666', center: true },
      { kind: 'pillars', pillars: posterPillars(pillarsOf(match.charts[1])) }
    ]
    for (const f of match.result.factors)
      blocks.push({ kind: 'heading', text: `${f.title} · ${f.verdict}` }, { kind: 'text', text: f.detail })
    blocks.push({ kind: 'heading', text: '合婚结论' }, { kind: 'text', text: match.result.summary })
    return {
      title: '八字合婚',
      subtitle: `${names[0]} × ${names[1]}`,
      blocks,
      caption: ['长按识别二维码', '查看合婚详情']
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs only when these values change
  }, [match])

  return (
    <Page
      share={{
        title: names ? `${names[0]}与${names[1]}的八字合婚` : '八字合婚',
        desc: '年命日柱合冲、五行用神互补、神煞',
        target
      }}
    >
      <View className="hehun">
        <SideForm side={sides[0]} title="第一位" onChange={(s) => setSides([s, sides[1]])} />
        <SideForm side={sides[1]} title="第二位" onChange={(s) => setSides([sides[0], s])} />
        <Button className="hehun__go" onClick={() => setAsked([...sides] as [Side, Side])}>
          开始合婚
        </Button>
        {match?.error && <ErrorView message={match.error} />}
        {match?.result && match.charts && names && (
          <View className="hehun-result">
            <View className="hehun-result__head">
              <Text className="hehun-result__score">{match.result.score}</Text>
              <Text className="hehun-result__level">{match.result.level}</Text>
            </View>
            <View className="hehun-result__pair">
              {match.charts.map((c, i) => (
                <View key={i} className="hehun-result__chart">
                  <Text className="hehun-result__who">{names[i]}</Text>
                  <Pillars pillars={pillarsOf(c)} labelled />
                </View>
              ))}
            </View>
            {match.result.factors.map((f) => (
              <View key={f.key} className={`hehun-factor hehun-factor--${f.key}`}>
                <View className="hehun-factor__head">
                  <Text className="hehun-factor__title">{f.title}</Text>
                  <Text className={`hehun-factor__verdict hehun-factor__verdict--${VERDICT_CLASS[f.verdict]}`}>
                    {f.verdict}
                  </Text>
                </View>
                <Text className="hehun-factor__detail">{f.detail}</Text>
                <Text className="hehun-factor__source">{f.source}</Text>
              </View>
            ))}
            <View className="hehun-factor hehun-summary">
              <Text className="hehun-factor__title">合婚结论</Text>
              <Text className="hehun-factor__detail">{match.result.summary}</Text>
            </View>
            {target && (
              <SharePoster id="hehun-poster" className="hehun__share" fileName="八字合婚" target={target} doc={poster}>
                分享合婚结果
              </SharePoster>
            )}
          </View>
        )}
      </View>
    </Page>
  )
}
