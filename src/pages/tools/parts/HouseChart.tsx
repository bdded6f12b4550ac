import { Text, View } from '@tarojs/components'

import NinePalace from '@/components/NinePalace'
import { STAR_NAMES, type XuankongChart } from '@/metaphysics/xuankong'
import { luckColor, starColor } from '@/pages/tools/lib/colors'

import { palaceLabel } from './TimeStarsChart'

/** A 玄空 chart: 山星 top left, 向星 top right, 运星 below, and the reading of each palace's pair. */
export default function HouseChart({ chart }: { chart: XuankongChart }) {
  const renderCell = (palace: number) => {
    const p = chart.palaces[palace - 1]
    return (
      <View className="fly__house-cell">
        <View className="fly__house-top">
          <Text className="fly__shan" style={{ color: starColor(p.shan) }}>
            {p.shan}
          </Text>
          <Text className="fly__xiang" style={{ color: starColor(p.xiang) }}>
            {p.xiang}
          </Text>
        </View>
        <Text className="fly__yun">{p.yun}</Text>
        <Text className="fly__mark">
          {palace === chart.sitting.palace ? '坐 ' : ''}
          {palace === chart.facing.palace ? '向 ' : ''}
          {palaceLabel(palace)}
        </Text>
      </View>
    )
  }
  return (
    <View className="fly__house">
      <View className="fly__pattern">
        <Text className="fly__pattern-name">{chart.pattern}</Text>
        <Text className="tool-muted">
          {chart.sitting.mountain}山{chart.facing.mountain}向 · {chart.period}运 ·{' '}
          {chart.method === 'tigua' ? '替卦' : '下卦'} · 山星
          {chart.shanCentre.star}
          {chart.shanCentre.forward ? '顺' : '逆'}飞 · 向星{chart.xiangCentre.star}
          {chart.xiangCentre.forward ? '顺' : '逆'}飞
        </Text>
      </View>
      <NinePalace
        renderCell={renderCell}
        cells={chart.palaces.map((p) => ({
          lines: [],
          highlight: p.palace === chart.sitting.palace || p.palace === chart.facing.palace
        }))}
        className="fly__grid fly__grid--house"
      />
      <Text className="tool-muted fly__legend">每宫左上为山星，右上为向星，下方为运星</Text>
      <View className="fly__readings">
        {chart.palaces.map((p) => (
          <View key={p.palace} className="tool-row fly__reading" data-palace={p.palace}>
            <Text className="tool-row__key">{palaceLabel(p.palace)}</Text>
            <View className="tool-row__value">
              <Text>
                山{STAR_NAMES[p.shan]} 向{STAR_NAMES[p.xiang]}
              </Text>
              {p.readings.length === 0 && <Text className="tool-muted">　无特别组合</Text>}
              {p.readings.map((r) => (
                <View key={r.name} className="fly__reading-text">
                  <Text style={{ color: luckColor(r.luck) }}>
                    {r.name}（{r.luck}）
                  </Text>
                  ：{r.meaning}
                  <Text className="tool-muted"> — {r.source}</Text>
                </View>
              ))}
            </View>
          </View>
        ))}
      </View>
    </View>
  )
}
