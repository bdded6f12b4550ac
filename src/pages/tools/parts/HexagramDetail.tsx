import './HexagramDetail.scss'

import { Text, View } from '@tarojs/components'

import type { Hexagram, HexagramLineText } from '@/metaphysics/hexagram'

import HexagramLines from './HexagramLines'

/** The full text of one hexagram: 卦辞, 彖, 大象, 爻辞 with 小象, 用九/用六. */
export default function HexagramDetail({ hexagram: h }: { hexagram: Hexagram }) {
  return (
    <View className="hex-detail">
      <View className="tool-card hex-detail__head">
        <HexagramLines lines={h.lines} size="large" />
        <View className="hex-detail__titles">
          <Text className="hex-detail__name">{h.fullName}</Text>
          <Text className="tool-muted">
            第{h.number}卦 · {h.upper}上{h.lower}下 · {h.palace}宫{h.palaceStage}（{h.palaceElement}） · 世{h.shi}应
            {h.ying}
          </Text>
        </View>
      </View>
      <Section title="卦辞" text={`${h.name}：${h.judgment}`} className="hex-detail__judgment" />
      <Section title="彖曰" text={h.tuan} />
      <Section title="象曰" text={h.daXiang} />
      <View className="tool-card">
        <Text className="tool-card__title">爻辞</Text>
        {[...h.lineTexts].reverse().map((line) => (
          <Line key={line.label} line={line} />
        ))}
        {h.extra && <Line line={h.extra} />}
      </View>
    </View>
  )
}

function Section({ title, text, className }: { title: string; text: string; className?: string }) {
  return (
    <View className={`tool-card ${className || ''}`}>
      <Text className="tool-card__title">{title}</Text>
      <Text className="hex-detail__text">{text}</Text>
    </View>
  )
}

function Line({ line }: { line: HexagramLineText }) {
  return (
    <View className="hex-detail__line">
      <Text className="hex-detail__text">
        <Text className="hex-detail__label">{line.label}：</Text>
        {line.text}
      </Text>
      {line.xiaoXiang && <Text className="hex-detail__xiang">象曰：{line.xiaoXiang}</Text>}
    </View>
  )
}
