import './detail.scss'

import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useMemo } from 'react'

import NinePalace from '@/components/NinePalace'
import Page from '@/components/Page'
import { ErrorView } from '@/components/States'
import { type QimenChart, qimenChart } from '@/metaphysics/qimen'
import { redirectTo } from '@/navigation'
import { chartErrorMessage } from '@/pages/bazi/birth-fields'
import { ganColor, zhiColor } from '@/pages/bazi/parts/wu-xing-color'

import QimenPalaceCell from './parts/QimenPalaceCell'
import { METHOD_NAMES, type QimenForm, queryToQimen } from './qimen-query'

const INPUT_ROUTE = '/pages/qmdj/paipan'
const PILLARS = [
  ['year', '年'],
  ['month', '月'],
  ['day', '日'],
  ['hour', '时']
] as const

const compute = (form: QimenForm): { chart?: QimenChart; error?: string } => {
  try {
    return { chart: qimenChart(form) }
  } catch (e) {
    return { error: chartErrorMessage(e) }
  }
}

const palaceName = (chart: QimenChart, p: number): string => chart.palaces[p - 1].name

/** The chart's header: 遁 and 局, 元, 节气, method; the moment's four pillars; 旬首, 值符, 值使, 空亡, 马星. */
function QimenHeader({ chart }: { chart: QimenChart }) {
  const facts = [
    ['旬首', `${chart.xunShou.ganZhi}（${chart.xunShou.yi}）`],
    ['值符', `${chart.zhiFu.star} 落${palaceName(chart, chart.zhiFu.palace)}`],
    ['值使', `${chart.zhiShi.door} 落${palaceName(chart, chart.zhiShi.palace)}`],
    ['空亡', `${chart.kongWang.branches}（${chart.kongWang.palaces.map((p) => palaceName(chart, p)).join('、')}）`],
    ['马星', `${chart.maXing.branch}（${palaceName(chart, chart.maXing.palace)}）`],
    ['起局', `${chart.date}（北京时间）`]
  ]
  return (
    <View className="qm-head">
      <View className="qm-head__top">
        <Text className="qm-head__ju">
          {chart.dun === 'yang' ? '阳遁' : '阴遁'}
          {'一二三四五六七八九'[chart.ju - 1]}局
        </Text>
        <Text className="qm-head__tag">{chart.yuan}</Text>
        <Text className="qm-head__tag">{chart.term}</Text>
        <Text className="qm-head__tag">{METHOD_NAMES[chart.method]}</Text>
      </View>
      <View className="qm-head__pillars">
        {PILLARS.map(([key, label]) => (
          <View key={key} className="qm-head__pillar" data-pillar={key}>
            <Text className="qm-head__pillar-label">{label}柱</Text>
            <Text className="qm-head__gz">
              <Text style={{ color: ganColor(chart.pillars[key][0]) }}>{chart.pillars[key][0]}</Text>
              <Text style={{ color: zhiColor(chart.pillars[key][1]) }}>{chart.pillars[key][1]}</Text>
            </Text>
          </View>
        ))}
      </View>
      <View className="qm-head__facts">
        {facts.map(([k, v]) => (
          <View key={k} className={`qm-head__fact ${k === '起局' ? 'qm-head__fact--wide' : ''}`}>
            <Text className="qm-head__key">{k}</Text>
            <Text>{v}</Text>
          </View>
        ))}
      </View>
    </View>
  )
}

/** pages/qmdj/detail: the 时家奇门 转盘 of the moment in the query, computed in the app. */
export default function QimenDetailPage() {
  const params = (Taro.getCurrentInstance().router?.params ?? {}) as Record<string, string>
  // eslint-disable-next-line react-hooks/exhaustive-deps -- runs only when these values change
  const form = useMemo(() => queryToQimen(params), [params.date, params.method])
  const { chart, error } = useMemo(() => compute(form), [form])
  const share = chart
    ? {
        title: `奇门盘 ${chart.date} ${chart.dun === 'yang' ? '阳' : '阴'}遁${chart.ju}局`,
        desc: `${chart.term}${chart.yuan} 值符${chart.zhiFu.star} 值使${chart.zhiShi.door}`
      }
    : { title: '奇门遁甲排盘' }

  if (!chart) {
    return (
      <Page share={share}>
        <ErrorView message={`无法起局：${error}`} />
        <View className="qm-detail__retry" onClick={() => redirectTo(INPUT_ROUTE)}>
          重新起局
        </View>
      </Page>
    )
  }
  return (
    <Page share={share}>
      <View className="qm-detail">
        <QimenHeader chart={chart} />
        <NinePalace
          className="qm-detail__plate"
          renderCell={(p) => (
            <QimenPalaceCell palace={chart.palaces[p - 1]} lodgedIn={palaceName(chart, chart.centreLodgesIn)} />
          )}
        />
        <View className="qm-detail__legend">
          每宫左列自上而下为八神、九星、八门，右列上为天盘干、下为地盘干；上南下北。
          “符”为值符，“使”为值使，“空”为旬空，“马”为驿马；天禽随天芮，中五寄坤。
        </View>
        <View className="qm-detail__retry" onClick={() => redirectTo(INPUT_ROUTE)}>
          重新起局
        </View>
      </View>
    </Page>
  )
}
