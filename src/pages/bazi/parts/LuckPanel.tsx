import './LuckPanel.scss'

import { ScrollView, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useMemo, useState } from 'react'

import {
  type BaziChart,
  baziLiuYue,
  hiddenStems,
  type LiuYue,
  luckRelations,
  luckShenSha,
  shiShenOf,
  type ThreePillarChart
} from '@/metaphysics/bazi'
import { chartErrorMessage } from '@/pages/bazi/birth-fields'

import RelationList from './RelationList'
import { ganColor, zhiColor } from './wu-xing-color'

const GanZhi = ({ gz }: { gz: string }) => (
  <View className="luck__gz">
    <Text style={{ color: ganColor(gz[0]) }}>{gz[0]}</Text>
    <Text style={{ color: zhiColor(gz[1]) }}>{gz[1]}</Text>
  </View>
)

/** Width of one strip item with its margins in design px (see LuckPanel.scss: 52 + 2 × 2). */
const ITEM_PITCH = 56
const DESIGN_WIDTH = 375
/** Scrolls a strip so that the chosen item is the second one visible (screen px). */
const stripOffset = (index: number): number => {
  const windowWidth = Taro.getWindowInfo?.()?.windowWidth ?? DESIGN_WIDTH
  return Math.max(0, (index - 1) * ITEM_PITCH) * (windowWidth / DESIGN_WIDTH)
}

const liuYueOf = (year: number): { months: LiuYue[]; error?: string } => {
  try {
    return { months: baziLiuYue(year) }
  } catch (e) {
    return { months: [], error: chartErrorMessage(e) }
  }
}

/**
 * 起运, the 大运 timeline (choose one to see its 流年, a 流年 to see its 流月) and what the chosen
 * 大运 / 流年 / 流月 bring against the natal pillars: 刑冲合会 and 神煞.
 */
export default function LuckPanel({
  chart,
  currentYear
}: {
  chart: BaziChart | ThreePillarChart
  currentYear: number
}) {
  const dayGan = chart.dayMaster.gan
  const god = (gan: string) => shiShenOf(dayGan, gan)
  const [daYunIndex, setDaYunIndex] = useState(() =>
    Math.max(
      0,
      chart.daYun.findIndex((d) => currentYear >= d.startYear && currentYear <= d.endYear)
    )
  )
  const daYun = chart.daYun[daYunIndex]
  const [year, setYear] = useState(() =>
    currentYear >= daYun.startYear && currentYear <= daYun.endYear ? currentYear : daYun.startYear
  )
  const liuNian = daYun.liuNian.find((n) => n.year === year) ?? daYun.liuNian[0]
  const [monthIndex, setMonthIndex] = useState<number | null>(null)
  const liuYue = useMemo(() => liuYueOf(liuNian.year), [liuNian.year])
  const month = monthIndex === null ? undefined : liuYue.months[monthIndex]

  const relations = useMemo(
    () => luckRelations(chart, { daYun: daYun.ganZhi, liuNian: liuNian.ganZhi, liuYue: month?.ganZhi }),
    [chart, daYun.ganZhi, liuNian.ganZhi, month?.ganZhi]
  )

  const chooseDaYun = (i: number) => {
    setDaYunIndex(i)
    setYear(chart.daYun[i].startYear)
    setMonthIndex(null)
  }
  const chooseYear = (y: number) => {
    setYear(y)
    setMonthIndex(null)
  }

  return (
    <View className="luck">
      <View className="luck__qiyun">
        <Text>
          {chart.qiYun.text}（{chart.qiYun.forward ? '顺排' : '逆排'}）
        </Text>
        <Text className="luck__muted luck__jiaoyun">
          交运 {chart.qiYun.date} · 以{chart.qiYun.term.name}计 ·{' '}
          {chart.qiYun.method === 'minute' ? '精确到分' : '三天一岁'}
        </Text>
      </View>

      {'xiaoYun' in chart && chart.xiaoYun.length > 0 && (
        <>
          <View className="luck__title">
            小运 <Text className="luck__muted">起运之前逐年所行，由时柱{chart.qiYun.forward ? '顺' : '逆'}推</Text>
          </View>
          <ScrollView scrollX className="luck__scroll">
            <View className="luck__strip">
              {chart.xiaoYun.map((x) => (
                <View key={x.year} className="luck__item luck__item--xiaoyun" data-ganzhi={x.ganZhi}>
                  <Text className="luck__year">{x.year}</Text>
                  <Text className="luck__god">{god(x.ganZhi[0])}</Text>
                  <GanZhi gz={x.ganZhi} />
                  <Text className="luck__age">{x.age}岁</Text>
                </View>
              ))}
            </View>
          </ScrollView>
        </>
      )}

      <View className="luck__title">大运</View>
      <ScrollView scrollX className="luck__scroll" scrollLeft={stripOffset(daYunIndex)} scrollWithAnimation>
        <View className="luck__strip">
          {chart.daYun.map((d, i) => (
            <View
              key={d.index}
              className={`luck__item luck__item--dayun ${i === daYunIndex ? 'luck__item--on' : ''}`}
              data-ganzhi={d.ganZhi}
              onClick={() => chooseDaYun(i)}
            >
              <Text className="luck__year">{d.startYear}</Text>
              <Text className="luck__age">{d.startAge}岁</Text>
              <Text className="luck__god">{god(d.ganZhi[0])}</Text>
              <GanZhi gz={d.ganZhi} />
              <Text className="luck__god">{god(hiddenStems(d.ganZhi[1])[0][0])}</Text>
            </View>
          ))}
        </View>
      </ScrollView>

      <View className="luck__title">
        流年{' '}
        <Text className="luck__muted">
          {daYun.ganZhi}运 {daYun.startYear}-{daYun.endYear}
        </Text>
      </View>
      <ScrollView
        scrollX
        className="luck__scroll"
        scrollLeft={stripOffset(liuNian.year - daYun.startYear)}
        scrollWithAnimation
      >
        <View className="luck__strip">
          {daYun.liuNian.map((n) => (
            <View
              key={n.year}
              className={`luck__item luck__item--year ${n.year === liuNian.year ? 'luck__item--on' : ''}`}
              data-year={n.year}
              onClick={() => chooseYear(n.year)}
            >
              <Text className="luck__year">{n.year}</Text>
              <Text className="luck__god">{god(n.ganZhi[0])}</Text>
              <GanZhi gz={n.ganZhi} />
              <Text className="luck__age">{n.age}岁</Text>
            </View>
          ))}
        </View>
      </ScrollView>

      <View className="luck__title">
        流月{' '}
        <Text className="luck__muted">
          {liuNian.year}年 {liuNian.ganZhi}（点选月份看流月关系）
        </Text>
      </View>
      {liuYue.error ? (
        <View className="luck__muted luck__pad">{liuYue.error}</View>
      ) : (
        <View className="luck__months">
          {liuYue.months.map((m, i) => (
            <View
              key={m.monthZhi}
              className={`luck__month ${i === monthIndex ? 'luck__item--on' : ''}`}
              data-month={m.ganZhi}
              onClick={() => setMonthIndex(i === monthIndex ? null : i)}
            >
              <Text className="luck__age">{m.term}</Text>
              <GanZhi gz={m.ganZhi} />
              <Text className="luck__age">
                {Number(m.start.slice(5, 7))}/{Number(m.start.slice(8, 10))}
              </Text>
            </View>
          ))}
        </View>
      )}

      <View className="luck__title">
        刑冲合会
        <Text className="luck__muted">
          {' '}
          大运{daYun.ganZhi} 流年{liuNian.ganZhi}
          {month ? ` 流月${month.ganZhi}` : ''} 对原局
        </Text>
      </View>
      <RelationList relations={relations} empty="与原局无刑冲合会" />
      <View className="luck__sha">
        <Text className="luck__key">大运神煞</Text>
        <Text>{luckShenSha(chart, daYun.ganZhi).join(' ') || '无'}</Text>
      </View>
      <View className="luck__sha">
        <Text className="luck__key">流年神煞</Text>
        <Text>{luckShenSha(chart, liuNian.ganZhi).join(' ') || '无'}</Text>
      </View>
    </View>
  )
}
