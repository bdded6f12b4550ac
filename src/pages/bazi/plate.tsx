import './plate.scss'

import { chinaClock } from '@contract/china-time'
import { HEHUN, ZIWEI } from '@contract/routes'
import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useMemo } from 'react'

import Page from '@/components/Page'
import SharePoster from '@/components/share/SharePoster'
import { ErrorView } from '@/components/States'
import type { ShareContent } from '@/core/share'
import { type BaziChart, baziChart, baziThreePillars, type ThreePillarChart } from '@/metaphysics/bazi'
import { navigateTo, redirectTo } from '@/navigation'

import { chartErrorMessage } from './birth-fields'
import {
  type BirthForm,
  formToQuery,
  PLATE_ROUTE,
  plateUrl,
  queryString,
  queryToForm,
  toBaziInput
} from './chart-query'
import { recordPlateUrl, withChart } from './components/birth'
import { chartPoster } from './components/posters'
import SaveRecord from './components/SaveRecord'
import { clockLine } from './parts/clock-line'
import Conventions from './parts/Conventions'
import LuckPanel from './parts/LuckPanel'
import PillarTable from './parts/PillarTable'
import RelationList from './parts/RelationList'
import { ganColor, zhiColor } from './parts/wu-xing-color'
import WuXingPanel from './parts/WuXingPanel'

const INPUT_ROUTE = '/pages/bazi/bazi'

const computeChart = (form: BirthForm): { chart?: BaziChart; error?: string } => {
  try {
    return { chart: baziChart(toBaziInput(form)) }
  } catch (e) {
    return { error: chartErrorMessage(e) }
  }
}

/** The chart's header: who, when (clock, lunar, the corrected time the pillars use) and where. */
function BirthHeader({ form, chart }: { form: BirthForm; chart: BaziChart }) {
  const { birth } = chart
  return (
    <View className="plate__head">
      <Who form={form} gender={chart.gender} shengXiao={birth.shengXiao} />
      <View className="plate__line">
        公历 {birth.clock}　农历 {birth.lunar}
      </View>
      <View className="plate__line">{clockLine({ ...birth, dstMinutes: birth.correction.dstMinutes }, form)}</View>
    </View>
  )
}

/** Name, 乾造/坤造, 生肖 and the way back to the input. */
function Who({ form, gender, shengXiao }: { form: BirthForm; gender: BaziChart['gender']; shengXiao: string }) {
  return (
    <View className="plate__who">
      <Text className="plate__name">{form.name || '命主'}</Text>
      <Text className="plate__tag">{gender === 'male' ? '男 · 乾造' : '女 · 坤造'}</Text>
      <Text className="plate__tag">属{shengXiao}</Text>
      <Text className="plate__edit" onClick={() => navigateTo(`${INPUT_ROUTE}?${queryString(formToQuery(form))}`)}>
        修改
      </Text>
    </View>
  )
}

type Palace = { ganZhi: string; naYin: string } | null

/** 胎元 胎息 命宫 身宫; one that needs the unknown hour says so. */
function Palaces({ items }: { items: ReadonlyArray<readonly [string, Palace]> }) {
  return (
    <View className="plate__palaces">
      {items.map(([label, p]) =>
        p ? (
          <View key={label} className="plate__palace">
            <Text className="plate__palace-label">{label}</Text>
            <Text className="plate__palace-gz">
              <Text style={{ color: ganColor(p.ganZhi[0]) }}>{p.ganZhi[0]}</Text>
              <Text style={{ color: zhiColor(p.ganZhi[1]) }}>{p.ganZhi[1]}</Text>
            </Text>
            <Text className="plate__palace-label">{p.naYin}</Text>
          </View>
        ) : (
          <View key={label} className="plate__palace plate__palace--unknown">
            <Text className="plate__palace-label">{label}</Text>
            <Text className="plate__palace-gz">不详</Text>
            <Text className="plate__palace-label">需出生时辰</Text>
          </View>
        )
      )}
    </View>
  )
}

/** A birth the engine refuses: its reason and the way back to the input. */
function Unchartable({ share, error }: { share: ShareContent; error?: string }) {
  return (
    <Page share={share}>
      <ErrorView message={`无法排盘：${error}`} />
      <View className="plate__retry" onClick={() => redirectTo(INPUT_ROUTE)}>
        重新输入出生信息
      </View>
    </Page>
  )
}

/** A date without a time: the hour is unknown (时辰不详). */
const isDateOnly = (date: string): boolean => /^\d{4}-\d{1,2}-\d{1,2}$/.test(date.trim())

const computeThreePillars = (form: BirthForm): { chart?: ThreePillarChart; error?: string } => {
  try {
    return { chart: baziThreePillars({ ...toBaziInput(form), date: form.date.trim() }) }
  } catch (e) {
    return { error: chartErrorMessage(e) }
  }
}

/** The chart of a birth whose hour is unknown: three pillars, and what can and cannot be said without the fourth. */
function ThreePillarPlate({ form }: { form: BirthForm }) {
  const { chart, error } = useMemo(() => computeThreePillars(form), [form])
  const share = {
    title:
      `${form.name || '命主'}的八字三柱：` +
      `${chart ? [chart.pillars.year, chart.pillars.month, chart.pillars.day].map((p) => p.ganZhi).join(' ') : ''}`,
    desc: '时辰不详的三柱命盘、大运'
  }
  if (!chart) return <Unchartable share={share} error={error} />
  const c = chart.wuXing.counts
  return (
    <Page share={share}>
      <View className="plate plate--three">
        <View className="plate__head">
          <Who form={form} gender={chart.gender} shengXiao={chart.birth.shengXiao} />
          <View className="plate__line">
            公历 {chart.birth.date} 时辰不详　农历 {chart.birth.lunar}
          </View>
        </View>
        <View className="plate__notice">
          <Text className="plate__notice-title">三柱命盘（时辰不详）</Text>
          <Text className="plate__notice-line">
            可看：年、月、日三柱与十神、藏干、神煞，胎元、胎息，三柱间的刑冲合会，五行概况，大运流年。
          </Text>
          <Text className="plate__notice-line">不能定：{chart.missing.join('、')}。</Text>
          {chart.caveats.map((c) => (
            <Text key={c} className="plate__notice-line">
              · {c}
            </Text>
          ))}
        </View>
        <View className="plate__section">
          <PillarTable chart={chart} />
        </View>
        <View className="plate__section">
          <Palaces
            items={[
              ['胎元', chart.taiYuan],
              ['胎息', chart.taiXi],
              ['命宫', null],
              ['身宫', null]
            ]}
          />
        </View>
        <View className="plate__section">
          <View className="plate__title">三柱刑冲合会</View>
          <RelationList relations={chart.relations} empty="三柱之间无刑冲合会" />
        </View>
        <View className="plate__section">
          <View className="plate__title">五行概况（六字）</View>
          <View className="plate__line plate__wuxing">
            木 {c.木}　火 {c.火}　土 {c.土}　金 {c.金}　水 {c.水}
            {chart.wuXing.missing.length ? `　缺${chart.wuXing.missing.join('')}` : ''}
          </View>
          <View className="plate__line">
            日主{chart.dayMaster.gan}
            {chart.dayMaster.wuXing}，{chart.deLing ? '得月令之气' : '不得月令'}；时柱两字未知，旺衰与用神仅供参考。
          </View>
        </View>
        <View className="plate__section">
          <LuckPanel chart={chart} currentYear={chinaClock().year} />
        </View>
      </View>
    </Page>
  )
}

/** pages/bazi/plate: the full chart of the birth in the query, computed in the app. */
export default function PlatePage() {
  const params = (Taro.getCurrentInstance().router?.params ?? {}) as Record<string, string>
  // eslint-disable-next-line react-hooks/exhaustive-deps -- runs only when these values change
  const form = useMemo(() => queryToForm(params), [JSON.stringify(params)])
  if (isDateOnly(form.date)) return <ThreePillarPlate form={form} />
  return <FourPillarPlate params={params} form={form} />
}

function FourPillarPlate({ params, form }: { params: Record<string, string>; form: BirthForm }) {
  const { chart, error } = useMemo(() => computeChart(form), [form])
  const pillars = chart ? (['year', 'month', 'day', 'hour'] as const).map((k) => chart.pillars[k].ganZhi).join(' ') : ''
  // A saved record's id is its owner's only: a friend gets the birth alone.
  const share = {
    title: `${form.name || '命主'}的八字命盘：${pillars}`,
    desc: '专业四柱、大运流年、五行旺衰',
    ...(params.record_id ? { target: { route: PLATE_ROUTE.slice(1), options: formToQuery(form) } } : {})
  }
  const poster = useMemo(() => chart && chartPoster(form.name, chart), [chart, form])

  if (!chart) return <Unchartable share={share} error={error} />
  return (
    <Page share={share}>
      <View className="plate">
        <BirthHeader form={form} chart={chart} />
        <View className="plate__actions">
          {params.record_id ? (
            <View className="plate__saved">已保存</View>
          ) : (
            <SaveRecord form={form} onSaved={(record) => redirectTo(recordPlateUrl(record))} />
          )}
          <View
            className="plate__action"
            onClick={() => navigateTo(withChart('/pages/bazi/components/index/aiAnalysis/index', params))}
          >
            命理解读
          </View>
          <View className="plate__action" onClick={() => navigateTo(withChart('/pages/book/list', params))}>
            古籍参考
          </View>
          <View className="plate__action plate__ziwei" onClick={() => navigateTo(withChart(`/${ZIWEI}`, params))}>
            紫微斗数
          </View>
          {form.calendar === 'solar' && (
            <View
              className="plate__action plate__hehun"
              onClick={() =>
                navigateTo(
                  `/${HEHUN}?${queryString({ a: form.date, ag: form.gender, ...(form.name ? { an: form.name } : {}) })}`
                )
              }
            >
              合婚
            </View>
          )}
          {params.record_id && (
            <View
              className="plate__action"
              onClick={() => navigateTo(`/calculation/pages/index?record_id=${params.record_id}`)}
            >
              详批报告
            </View>
          )}
          <SharePoster
            id="plate-poster"
            className="plate__action plate__poster"
            fileName={`${form.name || '命主'}的八字命盘`}
            target={{ route: PLATE_ROUTE.slice(1), options: formToQuery(form) }}
            doc={poster}
          >
            分享海报
          </SharePoster>
        </View>
        <View className="plate__section">
          <PillarTable chart={chart} />
        </View>
        <View className="plate__section">
          <Palaces
            items={[
              ['胎元', chart.taiYuan],
              ['胎息', chart.taiXi],
              ['命宫', chart.mingGong],
              ['身宫', chart.shenGong]
            ]}
          />
        </View>
        <View className="plate__section">
          <View className="plate__title">原局刑冲合会</View>
          <RelationList relations={chart.relations} empty="原局无刑冲合会" />
        </View>
        <View className="plate__section">
          <View className="plate__title">五行旺衰 · 用神</View>
          <WuXingPanel chart={chart} />
        </View>
        <View className="plate__section">
          <LuckPanel chart={chart} currentYear={chinaClock().year} />
        </View>
        <View className="plate__section">
          <View className="plate__title">
            排盘规则 <Text className="plate__title-note">与其他软件结果不同时，多半是这几项的取法不同</Text>
          </View>
          {/* Another convention draws another chart: a saved record keeps its own, so the new one is unsaved. */}
          <Conventions form={form} chart={chart} onChange={(next) => redirectTo(plateUrl(next))} />
        </View>
      </View>
    </Page>
  )
}
