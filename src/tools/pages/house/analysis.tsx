import '../../tools.scss'
import '../../house/house.scss'

import { Button, Text, View } from '@tarojs/components'

import Page from '@/components/Page'
import { ErrorView, Loading } from '@/components/States'
import { YOU_NIAN_STARS } from '@/metaphysics/luopan/bazhai'
import { navigateTo } from '@/navigation'
import { analyseHouse } from '@/tools/house/analysis'
import PlanBoard from '@/tools/house/PlanBoard'
import { useHouse } from '@/tools/house/useHouse'
import { YOU_NIAN_READINGS } from '@/tools/house/you-nian'

const luckClass = (luck: string) => (luck === '吉' ? 'tool-ji' : luck === '凶' ? 'tool-xiong' : 'tool-ping')

/** tools/pages/house/analysis: the 玄空 chart laid on the plan with each palace's reading, and 八宅 for the owner. */
export default function HouseAnalysisPage() {
  const house = useHouse()
  if (house.loading && !house.data)
    return (
      <Page>
        <Loading />
      </Page>
    )
  if (house.error || !house.data)
    return (
      <Page>
        <ErrorView message={house.error} onRetry={house.reload} />
      </Page>
    )
  const h = house.data
  const result = analyseHouse(h)
  if (!result.value) {
    return (
      <Page>
        <ErrorView
          message={result.error}
          actionText="去填写"
          onRetry={() => navigateTo(`tools/pages/house/info?id=${h.id}`)}
        />
      </Page>
    )
  }
  const { chart, ming, zhai, facing, sitting } = result.value
  const byPalace = new Map(chart.palaces.map((p) => [p.palace, p]))

  return (
    <Page
      share={{ title: `${h.title} · 户型风水分析`, desc: `${sitting}山${facing}向 ${chart.period}运 ${chart.pattern}` }}
    >
      <View className="tool-card">
        <Text className="tool-card__title">{h.title}</Text>
        <Text className="tool-text">
          {sitting}山{facing}向（{h.facing_degrees}°）· {chart.period}运 · {chart.method === 'tigua' ? '替卦' : '下卦'}
        </Text>
        <Text className="tool-text house-analysis__pattern">格局：{chart.pattern}</Text>
        <Text className="tool-card__note">宫内数字：运星 / 山星·向星</Text>
      </View>
      {h.center_x !== null && h.center_y !== null ? (
        <PlanBoard
          imageUrl={h.image_url}
          imageWidth={h.image_width}
          imageHeight={h.image_height}
          centerX={h.center_x}
          centerY={h.center_y}
          rotation={h.rotation}
          facingDegrees={h.facing_degrees as number}
          mode="9"
          cellNote={(cell) => {
            const p = byPalace.get(cell.palace ?? 0)
            return p ? (
              <Text className="house-stars">
                {p.yun} / {p.shan}·{p.xiang}
              </Text>
            ) : null
          }}
        />
      ) : (
        <View className="house-actions">
          <Button
            className="tool-btn tool-btn--ghost"
            onClick={() => navigateTo(`tools/pages/house/layout?id=${h.id}`)}
          >
            先在户型图上放置立极中心
          </Button>
        </View>
      )}
      <View className="tool-card house-analysis__palaces">
        <Text className="tool-card__title">玄空飞星 · 各宫星曜组合</Text>
        {chart.palaces.map((p) => (
          <View key={p.palace} className="house-palace">
            <Text className="house-palace__head">
              {p.direction}
              {p.trigram ? `（${p.trigram}宫）` : '（中宫）'} 运{p.yun} 山{p.shan} 向{p.xiang}
            </Text>
            {p.readings.length ? (
              p.readings.map((r) => (
                <Text key={r.name} className="tool-text">
                  <Text className={luckClass(r.luck)}>
                    {r.name}（{r.luck}）
                  </Text>
                  ：{r.meaning}
                </Text>
              ))
            ) : (
              <Text className="tool-card__note">此宫山向星组合无特别断语，以当运旺衰论。</Text>
            )}
          </View>
        ))}
      </View>
      <View className="tool-card house-analysis__bazhai">
        <Text className="tool-card__title">八宅 · {ming ? `宅主${ming.gua}命（${ming.group}）` : '宅卦'}</Text>
        <Text className="tool-card__note">
          本宅坐{sitting}为{zhai.gua}宅（{zhai.group}）
          {ming
            ? ming.group.slice(0, 2) === zhai.group.slice(0, 2)
              ? '，宅命相配'
              : '，宅命不配，宜以吉方布置卧室与大门'
            : ''}
        </Text>
        {(ming?.directions ?? zhai.directions).map((d) => (
          <View key={d.trigram} className="house-sector">
            <Text className="house-sector__dir">
              {d.direction}（{d.trigram}）
            </Text>
            <View className="house-sector__body">
              <Text className={luckClass(d.luck)}>
                {d.youNian} · {YOU_NIAN_STARS[d.youNian].star} · {d.grade}
              </Text>
              <Text className="tool-text">{YOU_NIAN_READINGS[d.youNian]}</Text>
            </View>
          </View>
        ))}
      </View>
      <View className="house-actions">
        <Button className="tool-btn tool-btn--ghost" onClick={() => navigateTo(`tools/pages/house/layout?id=${h.id}`)}>
          调整立极
        </Button>
        <Button className="tool-btn tool-btn--ghost" onClick={() => navigateTo('tools/pages/house/house')}>
          我的户型分析
        </Button>
      </View>
    </Page>
  )
}
