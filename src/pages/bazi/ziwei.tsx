import './ziwei.scss'

import { chinaClock } from '@contract/china-time'
import { ZIWEI } from '@contract/routes'
import { ScrollView, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useEffect, useMemo, useState } from 'react'

import { getBaziInfo } from '@/api/tools'
import Page from '@/components/Page'
import { ErrorView, Loading } from '@/components/States'
import { errorMessage as remoteError } from '@/core/errors'
import { type ZiweiChart, ziweiChart, type ZiweiPalace, type ZiweiStar } from '@/metaphysics/ziwei'
import { navigateTo } from '@/navigation'
import { sessionStore } from '@/stores'

import { chartErrorMessage } from './birth-fields'
import { type BirthForm, formToQuery, plateUrl, queryToForm, toBaziInput } from './chart-query'
import { recordToForm } from './components/birth'
import SaveRecord from './components/SaveRecord'
import { clockLine } from './parts/clock-line'
import { birthYearOf, BRANCH_CELL, decades, periodMutagens, shortPalace, yearGanZhi } from './ziwei-plate'

const compute = (form: BirthForm, at?: string): { chart?: ZiweiChart; error?: string } => {
  try {
    return { chart: ziweiChart({ ...toBaziInput(form), ...(at ? { at } : {}) }) }
  } catch (e) {
    return { error: chartErrorMessage(e) }
  }
}

/** The birth of the page: in the query, or a saved record's (`record_id=`, its owner's). */
function useBirth(params: Record<string, string>): { form?: BirthForm; recordId?: number; error?: string } {
  const recordId = Number(params.record_id)
  const fromRecord = Number.isInteger(recordId) && recordId > 0
  const [record, setRecord] = useState<{ form?: BirthForm; error?: string }>({})
  const loggedIn = sessionStore.isLoggedIn
  useEffect(() => {
    if (!fromRecord) return
    if (!loggedIn) {
      sessionStore.requireLogin('登录后查看档案的紫微命盘')
      return
    }
    let live = true
    getBaziInfo({ record_id: recordId }, true).then(
      (info) => live && setRecord({ form: recordToForm(info) }),
      (e) => live && setRecord({ error: remoteError(e, '加载失败') })
    )
    return () => {
      live = false
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs only when these values change
  }, [recordId, loggedIn])
  // eslint-disable-next-line react-hooks/exhaustive-deps -- runs only when these values change
  const queryForm = useMemo(() => (fromRecord ? undefined : queryToForm(params)), [JSON.stringify(params)])
  return fromRecord ? { ...record, recordId } : { form: queryForm }
}

const MUTAGEN_CLASS: Record<string, string> = { 禄: 'lu', 权: 'quan', 科: 'ke', 忌: 'ji' }

function Star({
  star,
  major,
  decadal,
  yearly
}: {
  star: ZiweiStar
  major?: boolean
  decadal?: string
  yearly?: string
}) {
  return (
    <View className={`zw-star${major ? ' zw-star--major' : ''}`}>
      <Text className="zw-star__name">{star.name}</Text>
      {star.brightness && <Text className="zw-star__bright">{star.brightness}</Text>}
      {star.mutagen && <Text className={`zw-hua zw-hua--${MUTAGEN_CLASS[star.mutagen]}`}>{star.mutagen}</Text>}
      {decadal && <Text className={`zw-hua zw-hua--period zw-hua--${MUTAGEN_CLASS[decadal]}`}>限{decadal}</Text>}
      {yearly && <Text className={`zw-hua zw-hua--period zw-hua--${MUTAGEN_CLASS[yearly]}`}>年{yearly}</Text>}
    </View>
  )
}

interface CellProps {
  palace: ZiweiPalace
  index: number
  chart: ZiweiChart
  decadalHua: Record<string, string>
  yearlyHua: Record<string, string>
}

function Cell({ palace, index, chart, decadalHua, yearlyHua }: CellProps) {
  const [row, col] = BRANCH_CELL[palace.earthlyBranch]
  const { decadal, yearly } = chart.luck
  const isDecadal = decadal.palace === palace.name
  const isYearly = yearly.palace === palace.name
  const cls = [
    'zw-cell',
    palace.name === '命宫' ? 'zw-cell--soul' : '',
    isDecadal ? 'zw-cell--decadal' : '',
    isYearly ? 'zw-cell--yearly' : ''
  ]
    .filter(Boolean)
    .join(' ')
  return (
    <View className={cls} style={{ gridRow: String(row), gridColumn: String(col) }} data-branch={palace.earthlyBranch}>
      <View className="zw-cell__stars">
        {palace.majorStars.map((s) => (
          <Star key={s.name} star={s} major decadal={decadalHua[s.name]} yearly={yearlyHua[s.name]} />
        ))}
        {palace.majorStars.length === 0 && <Text className="zw-cell__empty">空宫</Text>}
        {palace.minorStars.map((s) => (
          <Star key={s.name} star={s} decadal={decadalHua[s.name]} yearly={yearlyHua[s.name]} />
        ))}
      </View>
      {palace.adjectiveStars.length > 0 && <Text className="zw-cell__adj">{palace.adjectiveStars.join(' ')}</Text>}
      <View className="zw-cell__foot">
        <View className="zw-cell__period">
          <Text className="zw-cell__range">
            {palace.decadal.range[0]}-{palace.decadal.range[1]}
          </Text>
          <Text className="zw-cell__luck">
            {'大' + shortPalace(decadal.palaceNames[index] ?? '')} {'年' + shortPalace(yearly.palaceNames[index] ?? '')}
          </Text>
        </View>
        <View className="zw-cell__name-box">
          <Text className="zw-cell__name">
            {palace.name}
            {palace.isBodyPalace ? <Text className="zw-cell__body">身</Text> : null}
          </Text>
          <Text className="zw-cell__gz">
            {palace.heavenlyStem}
            {palace.earthlyBranch}
          </Text>
        </View>
      </View>
    </View>
  )
}

function Centre({ form, chart }: { form: BirthForm; chart: ZiweiChart }) {
  const { decadal, yearly, nominalAge } = chart.luck
  return (
    <View className="zw-centre" style={{ gridRow: '2 / span 2', gridColumn: '2 / span 2' }}>
      <Text className="zw-centre__name">{form.name || '命主'}</Text>
      <Text className="zw-centre__line">
        {form.gender === 'male' ? '男' : '女'} · {chart.fiveElementsClass} · 属{chart.zodiac}
      </Text>
      <Text className="zw-centre__line">
        公历 {chart.solarDate} {chart.time}
      </Text>
      <Text className="zw-centre__line">农历 {chart.lunarDate}</Text>
      <Text className="zw-centre__line">{chart.chineseDate}</Text>
      <Text className="zw-centre__line">
        命主 {chart.soul} · 身主 {chart.body}
      </Text>
      <Text className="zw-centre__luck">
        {decadal.name === '童限' ? '童限' : `大限 ${decadal.ganZhi}`}（{decadal.palace}）
      </Text>
      <Text className="zw-centre__luck">
        流年 {yearly.ganZhi}（{yearly.palace}）虚岁{nominalAge}
      </Text>
    </View>
  )
}

/** pages/bazi/ziwei: the 紫微斗数 plate of the birth in the query (or of a saved record), with 大限 and 流年 to choose. */
function Ziwei() {
  const params = (Taro.getCurrentInstance().router?.params ?? {}) as Record<string, string>
  const { form, recordId, error: birthError } = useBirth(params)
  const today = chinaClock()
  const [year, setYear] = useState<number>()
  const natal = useMemo(() => form && compute(form), [form])
  const born = natal?.chart ? birthYearOf(natal.chart) : today.year
  // The 流年 shown: the one chosen, else this year (never before the birth year).
  const shownYear = year ?? Math.max(today.year, born)
  const { chart, error } = useMemo(() => (form ? compute(form, `${shownYear}-07-01`) : {}), [form, shownYear])
  const decadalHua = useMemo(() => periodMutagens(chart?.luck.decadal.mutagen ?? []), [chart])
  const yearlyHua = useMemo(() => periodMutagens(chart?.luck.yearly.mutagen ?? []), [chart])
  const list = useMemo(() => (chart ? decades(chart) : []), [chart])
  const current = list.find((d) => shownYear >= d.from && shownYear <= d.to)
  const share = {
    title: `${form?.name || '命主'}的紫微斗数命盘`,
    desc: '十二宫主星辅星、四化、大限流年',
    target: form ? { route: ZIWEI, options: formToQuery(form) } : undefined
  }

  if (birthError)
    return (
      <Page share={share}>
        <ErrorView message={birthError} />
      </Page>
    )
  if (!form)
    return (
      <Page share={share}>
        <Loading />
      </Page>
    )
  if (!chart)
    return (
      <Page share={share}>
        <ErrorView message={`无法排盘：${error}`} />
      </Page>
    )
  return (
    <Page share={share}>
      <View className="zw">
        <View className="zw-plate">
          {chart.palaces.map((p, i) => (
            <Cell
              key={p.earthlyBranch}
              palace={p}
              index={i}
              chart={chart}
              decadalHua={decadalHua}
              yearlyHua={yearlyHua}
            />
          ))}
          <Centre form={form} chart={chart} />
        </View>
        {/* The clock the plate was read on, as the bazi plate states it: a difference from another app starts here. */}
        <Text className="zw-clock">{clockLine(chart.birth, form)}</Text>
        <View className="zw-legend">
          <Text className="zw-hua zw-hua--lu">禄</Text>
          <Text className="zw-hua zw-hua--quan">权</Text>
          <Text className="zw-hua zw-hua--ke">科</Text>
          <Text className="zw-hua zw-hua--ji">忌</Text>
          <Text className="zw-legend__text">生年四化；「限」大限四化，「年」流年四化。橙框为大限宫，浅底为流年宫</Text>
        </View>
        <View className="zw-pick">
          <Text className="zw-pick__title">大限</Text>
          <ScrollView scrollX className="zw-pick__row">
            {list.map((d) => (
              <View
                key={d.palace.name}
                className={`zw-chip zw-decade${current === d ? ' zw-chip--on' : ''}`}
                onClick={() => setYear(Math.max(d.from, born))}
              >
                <Text className="zw-chip__main">
                  {d.palace.decadal.range[0]}-{d.palace.decadal.range[1]}岁
                </Text>
                <Text className="zw-chip__sub">
                  {d.palace.decadal.ganZhi} · {d.palace.name}
                </Text>
              </View>
            ))}
          </ScrollView>
          <Text className="zw-pick__title">流年</Text>
          <ScrollView scrollX className="zw-pick__row">
            {current &&
              Array.from({ length: current.to - current.from + 1 }, (_, i) => current.from + i).map((y) => (
                <View
                  key={y}
                  className={`zw-chip zw-year${y === shownYear ? ' zw-chip--on' : ''}`}
                  onClick={() => setYear(y)}
                >
                  <Text className="zw-chip__main">{y}</Text>
                  <Text className="zw-chip__sub">{yearGanZhi(y)}</Text>
                </View>
              ))}
          </ScrollView>
        </View>
        <View className="zw-actions">
          {!recordId && <SaveRecord form={form} />}
          <View className="zw-action" onClick={() => navigateTo(plateUrl(form))}>
            八字命盘
          </View>
        </View>
        <Text className="zw-note">
          安星依《紫微斗数全书》（iztro 默认流派）；出生时间按八字同法校正（真太阳时、夏令时），年界以正月初一为准。
        </Text>
      </View>
    </Page>
  )
}

export default observer(Ziwei)
