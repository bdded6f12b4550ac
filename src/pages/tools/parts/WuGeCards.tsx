import './WuGeCards.scss'

import { Text, View } from '@tarojs/components'

import type { NameAnalysis, WuGe } from '@/metaphysics/name'
import { elementColor, luckColor } from '@/pages/tools/lib/colors'

const GE: ReadonlyArray<[keyof Pick<NameAnalysis, 'tianGe' | 'renGe' | 'diGe' | 'waiGe' | 'zongGe'>, string, string]> =
  [
    ['tianGe', '天格', '祖运，影响少年'],
    ['renGe', '人格', '主运，一生核心'],
    ['diGe', '地格', '前运，影响青年'],
    ['waiGe', '外格', '副运，人际助力'],
    ['zongGe', '总格', '后运，影响中晚年']
  ]

/** The characters with their 康熙 strokes, the five 格 with 数理 and 吉凶, and the 三才. */
export default function WuGeCards({ analysis: a }: { analysis: NameAnalysis }) {
  return (
    <View className="wuge">
      <View className="tool-card wuge__chars">
        {a.characters.map((c, i) => (
          <View key={i} className="wuge__char">
            <Text className="wuge__hanzi">{c.char}</Text>
            <Text className="tool-muted">{c.traditional !== c.char ? `繁体 ${c.traditional}` : '　'}</Text>
            <Text className="wuge__strokes">康熙 {c.kangxiStrokes} 画</Text>
            <Text className="wuge__element" style={{ color: elementColor(c.element) }}>
              五行 {c.element}
            </Text>
          </View>
        ))}
      </View>
      {GE.map(([key, name, role]) => (
        <Ge key={key} name={name} role={role} ge={a[key]} />
      ))}
      <View className="tool-card wuge__sancai">
        <Text className="tool-card__title">
          三才配置 {a.sanCai.label}（<Text style={{ color: luckColor(a.sanCai.luck) }}>{a.sanCai.luck}</Text>）
        </Text>
        <Text className="wuge__text">{a.sanCai.text}</Text>
        <Text className="wuge__text">
          成功运（{a.sanCai.success.luck}）：{a.sanCai.success.text}
        </Text>
        <Text className="wuge__text">
          基础运（{a.sanCai.foundation.luck}）：{a.sanCai.foundation.text}
        </Text>
      </View>
    </View>
  )
}

function Ge({ name, role, ge }: { name: string; role: string; ge: WuGe }) {
  return (
    <View className={`tool-card wuge__ge wuge__ge--${name}`}>
      <View className="wuge__ge-head">
        <Text className="wuge__ge-name">
          {name} {ge.number}
        </Text>
        <Text className="wuge__ge-element" style={{ color: elementColor(ge.element) }}>
          {ge.element}
        </Text>
        <Text className="wuge__ge-luck" style={{ color: luckColor(ge.shuli.luck) }}>
          {ge.shuli.luck}
        </Text>
        <Text className="tool-muted wuge__ge-role">{role}</Text>
      </View>
      <Text className="wuge__text">
        {ge.shuli.name}：{ge.shuli.text}
      </Text>
    </View>
  )
}
