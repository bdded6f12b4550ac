import { Text, View } from '@tarojs/components'

import type { GuaSummary, LiuyaoChart, NajiaLine } from '@/metaphysics/liuyao'
import { chineseDate } from '@/tools/clock'

import LineBar from './LineBar'

const najia = (l: NajiaLine) => `${l.liuQin}${l.ganZhi}${l.element}`

/** The 六爻 chart: time and 干支, 月建/日辰/旬空, 本卦 and 变卦 with every line's 纳甲 and 六亲. */
export default function LiuyaoChartView({ chart, question }: { chart: LiuyaoChart; question: string }) {
  const { ganZhi } = chart
  return (
    <View className="chart">
      {question !== '' && <Text className="chart__question">所问：{question}</Text>}
      <Text className="chart__meta">
        起卦：{chineseDate(chart.date)} {chart.date.slice(11)}
      </Text>
      <Text className="chart__meta chart__ganzhi">
        {ganZhi.year}年 {ganZhi.month}月 {ganZhi.day}日 {ganZhi.hour}时
      </Text>
      <Text className="chart__meta chart__kong">
        月建 {chart.yueJian} · 日辰 {chart.riChen} · 旬空 {chart.xunKong.join('')}
      </Text>
      <View className="chart__names">
        <GuaName title="本卦" gua={chart.benGua} />
        {chart.bianGua ? (
          <GuaName title="变卦" gua={chart.bianGua} />
        ) : (
          <Text className="chart__static">六爻安静，无变卦</Text>
        )}
      </View>
      <View className="chart__table">
        <View className="chart__row chart__row--head">
          <Text className="chart__c-shen">六神</Text>
          <Text className="chart__c-fu">伏神</Text>
          <Text className="chart__c-ben">本卦</Text>
          <Text className="chart__c-bar" />
          <Text className="chart__c-sy" />
          <Text className="chart__c-bian">{chart.bianGua ? '变卦' : ''}</Text>
        </View>
        {chart.lines
          .slice()
          .reverse()
          .map((line) => (
            <View
              key={line.position}
              className={`chart__row ${line.moving ? 'chart__row--moving' : ''}`}
              data-line={line.position}
            >
              <Text className="chart__c-shen">{line.liuShen}</Text>
              <Text className="chart__c-fu">{line.fuShen ? najia(line.fuShen) : ''}</Text>
              <Text className="chart__c-ben">{najia(line)}</Text>
              <View className="chart__c-bar">
                <LineBar yang={line.yang} moving={line.moving} />
                <Text className="chart__move">{line.moving ? (line.yang ? '○' : '×') : ''}</Text>
              </View>
              <Text className="chart__c-sy">{line.shi ? '世' : line.ying ? '应' : ''}</Text>
              <View className="chart__c-bian">
                {line.bian && (
                  <>
                    <LineBar yang={line.bian.yang} small />
                    <Text className="chart__bian-text">{najia(line.bian)}</Text>
                  </>
                )}
              </View>
            </View>
          ))}
      </View>
      <Text className="tool-card__note">○ 老阳动、× 老阴动；伏神取本宫首卦同位之爻；六亲以本卦卦宫五行论。</Text>
    </View>
  )
}

function GuaName({ title, gua }: { title: string; gua: GuaSummary }) {
  return (
    <View className="chart__gua">
      <Text className="chart__gua-title">{title}</Text>
      <Text className="chart__gua-name">
        {gua.symbol} {gua.fullName}
      </Text>
      <Text className="chart__gua-palace">
        {gua.palace}宫{gua.palaceElement} · {gua.palaceStage}
      </Text>
    </View>
  )
}
