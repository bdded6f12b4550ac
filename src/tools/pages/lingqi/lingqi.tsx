import '../../tools.scss'
import './lingqi.scss'

import { Button, Text, View } from '@tarojs/components'
import { useEffect, useRef, useState } from 'react'

import Page from '@/components/Page'
import { type LingqiReading, throwLingqi } from '@/metaphysics/lingqi'
import { randomBytes } from '@/platform/random'
import LingqiPieces from '@/tools/components/LingqiPieces'
import { tendencyClass } from '@/tools/verdict'

/**
 * The badge names the throw's 阴阳 balance (刘基: 阳多者道同而助，阴盛者志异而乖), not a verdict: the
 * book's own 象曰 can read well where 阴 prevails (安泰卦), so a bare 吉/凶 would contradict it.
 */
const BALANCE = { 吉: '阳多', 平: '阴阳均', 凶: '阴盛' } as const

/** How long the pieces spin before they land. */
export const LINGQI_FLIP_MS = 900

const GROUP_ROWS = [
  { key: 'upper', label: '上（君）' },
  { key: 'middle', label: '中（臣）' },
  { key: 'lower', label: '下（民）' }
] as const

/** tools/pages/lingqi/lingqi: throw the twelve pieces of 《灵棋经》 and read the result. */
export default function Lingqi() {
  const [reading, setReading] = useState<LingqiReading>()
  const [flipping, setFlipping] = useState(false)
  const [error, setError] = useState('')
  const timer = useRef<ReturnType<typeof setTimeout>>()
  useEffect(() => () => clearTimeout(timer.current), [])

  const toss = async () => {
    if (flipping) return
    let next: LingqiReading
    try {
      // Twelve pieces, one cryptographic byte each: a piece lands face up on an odd byte.
      const bytes = await randomBytes(12)
      let i = 0
      next = throwLingqi(() => (bytes[i++] & 1 ? 0.25 : 0.75))
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : '掷棋失败，请重试')
      return
    }
    setError('')
    setFlipping(true)
    timer.current = setTimeout(() => {
      setReading(next)
      setFlipping(false)
    }, LINGQI_FLIP_MS)
  }

  return (
    <Page
      share={{
        title: reading ? `灵棋经：第${reading.number}卦 ${reading.name}` : '灵棋经 · 十二棋卜',
        desc: '心有所疑，一掷十二棋'
      }}
    >
      <View className="tool-card">
        <Text className="tool-card__note lingqi__intro">
          静心默念所问之事，掷下十二枚棋子：上、中、下各四枚，一面刻字一面空白，以朝上的刻字枚数成卦。
        </Text>
        <LingqiPieces result={reading?.throw} flipping={flipping} />
        <Button
          className={`tool-btn lingqi__toss ${flipping ? 'tool-btn--busy' : ''}`}
          onClick={toss}
          disabled={flipping}
        >
          {flipping ? '棋子翻落中…' : reading ? '再掷一次' : '掷棋'}
        </Button>
        {error !== '' && (
          <View className="tool-error" role="alert">
            {error}
          </View>
        )}
      </View>
      {reading && !flipping && <ReadingCard reading={reading} />}
    </Page>
  )
}

/** Shown for the readings whose 诗曰 the witnesses at hand do not give in one reliable wording. */
const VERSE_UNSETTLED = '此卦诗曰各本文字错乱不一，未能校定，暂不收录；以上象曰为原文。'

function ReadingCard({ reading }: { reading: LingqiReading }) {
  return (
    <View className="tool-card lingqi__reading">
      <View className="lingqi__head">
        <Text className="lingqi__number">第{reading.number}卦</Text>
        <Text className="lingqi__name">{reading.name}</Text>
        <Text className={`lingqi__tendency ${tendencyClass(reading.tendency)}`}>{BALANCE[reading.tendency]}</Text>
      </View>
      {reading.name !== reading.heading && <Text className="tool-card__note">{reading.heading}</Text>}
      <Text className="lingqi__xiang">{reading.xiang}</Text>
      <View className="lingqi__groups">
        {GROUP_ROWS.map(({ key, label }) => (
          <View key={key} className="lingqi__group">
            <Text className="lingqi__group-label">{label}</Text>
            <Text className="lingqi__group-count">{reading.groups[key].count}</Text>
            <Text className="lingqi__group-xiang">{reading.groups[key].xiang}</Text>
          </View>
        ))}
      </View>
      <Text className="lingqi__relations">
        君臣：{reading.relations.junChen} · 臣民：{reading.relations.chenMin}
      </Text>
      <Text className="lingqi__source">原文</Text>
      <Text className="lingqi__label">象曰</Text>
      <Text className="tool-text lingqi__text">{reading.text}</Text>
      <Text className="lingqi__label">诗曰</Text>
      {reading.verse ? (
        <Text className="tool-text lingqi__verse">{reading.verse}</Text>
      ) : (
        // Never left out silently: the poem of this 卦 is not given where its wording is not established.
        <Text className="tool-text lingqi__verse lingqi__verse--none">{VERSE_UNSETTLED}</Text>
      )}
      <Text className="lingqi__label">释义</Text>
      <Text className="tool-text lingqi__interpretation">{reading.interpretation}</Text>
      <Text className="tool-card__note">
        原文据《灵棋经》通行本，以四库全书本校；释义依刘基注本“三为经、四为纬”之法以白话概述，非原文。
      </Text>
    </View>
  )
}
