import './WuXingPanel.scss'

import { Text, View } from '@tarojs/components'

import { baziAnalysis, type BaziChart, WU_XING, type WuXing } from '@/metaphysics/bazi'

import { wuXingColor } from './wu-xing-color'

const Element = ({ x }: { x: WuXing }) => <Text style={{ color: wuXingColor(x) }}>{x}</Text>
const Elements = ({ list }: { list: WuXing[] }) => (
  <>
    {list.map((x) => (
      <Element key={x} x={x} />
    ))}
  </>
)

/** 五行 strength as bars (weighted score and plain count), 日主旺衰 (得令/得地/得势), 格局, 调候, 用神 and 喜忌. */
export default function WuXingPanel({ chart }: { chart: BaziChart }) {
  const { scores, counts, missing } = chart.wuXing
  const max = Math.max(...WU_XING.map((x) => scores[x]), 1)
  const { strength, yongShen, dayMaster } = chart
  const { geJu, tiaoHou } = baziAnalysis(chart)
  return (
    <View className="wuxing">
      <View className="wuxing__bars">
        {WU_XING.map((x) => (
          <View key={x} className="wuxing__bar-row" data-element={x}>
            <Text className="wuxing__name" style={{ color: wuXingColor(x) }}>
              {x}
            </Text>
            <View className="wuxing__track">
              <View
                className="wuxing__bar"
                style={{ width: `${(scores[x] / max) * 100}%`, background: wuXingColor(x) }}
              />
            </View>
            <Text className="wuxing__score">{scores[x].toFixed(1)}</Text>
            <Text className="wuxing__count">{counts[x]}个</Text>
          </View>
        ))}
      </View>
      <View className="wuxing__facts">
        <View className="wuxing__fact">
          <Text className="wuxing__key">日主</Text>
          <Text className="wuxing__dm">
            {dayMaster.gan}
            <Element x={dayMaster.wuXing} />
          </Text>
          <Text className="wuxing__verdict">{strength.verdict}</Text>
        </View>
        <View className="wuxing__sub">
          {strength.deLing ? '得令' : '失令'} · {strength.deDi ? '得地' : '失地'} · {strength.deShi ? '得势' : '失势'} ·
          同党（比劫、印）占 {Math.round(strength.supportRatio * 100)}%（分界为本站约定）
        </View>
        <View className="wuxing__fact">
          <Text className="wuxing__key">格局</Text>
          <Text className="wuxing__verdict">{geJu.name}</Text>
          <Text className="wuxing__key wuxing__key--inline">{geJu.state}</Text>
        </View>
        <View className="wuxing__note">
          {geJu.basis}。{geJu.notes.join('；')}。
        </View>
        <View className="wuxing__fact">
          <Text className="wuxing__key">用神</Text>
          <Text className="wuxing__yong">
            <Element x={yongShen.yong} />
          </Text>
          <Text className="wuxing__key wuxing__key--inline">喜</Text>
          <Elements list={yongShen.xi} />
          <Text className="wuxing__key wuxing__key--inline">忌</Text>
          <Elements list={yongShen.ji} />
        </View>
        <View className="wuxing__note">
          {yongShen.reason}（{yongShen.method}）{missing.length ? `；五行缺${missing.join('')}` : '；五行俱全'}。
          {tiaoHou.note}
        </View>
      </View>
    </View>
  )
}
