import './parts/tools.scss'

import { Text, View } from '@tarojs/components'
import { useMemo, useState } from 'react'

import Page from '@/components/Page'
import { ErrorView } from '@/components/States'
import { type CastValue, type Hexagram, hexagramByName, hexagramByNumber } from '@/metaphysics/hexagram'
import { navigateTo } from '@/navigation'

import { attempt } from './lib/errors'
import { pageParams } from './lib/params'
import HexagramDetail from './parts/HexagramDetail'
import HexagramList from './parts/HexagramList'
import LineBuilder from './parts/LineBuilder'

const TABS = [
  { key: 'sequence', label: '序卦' },
  { key: 'palace', label: '八宫' },
  { key: 'build', label: '起卦' }
] as const
type Tab = (typeof TABS)[number]['key']

/**
 * pages/tools/gua64: the 64 hexagrams by sequence or palace and a six-line builder; with ?n=1..64
 * or ?name=乾 the page shows that hexagram's full text (so a share opens the same hexagram).
 */
export default function Gua64() {
  const params = useMemo(pageParams, [])
  if (params.n !== undefined || params.name !== undefined) return <Detail params={params} />
  return <Browser initialTab={TABS.some((t) => t.key === params.tab) ? (params.tab as Tab) : 'sequence'} />
}

const open = (h: Hexagram) => void navigateTo(`/pages/tools/gua64?n=${h.number}`)

function Detail({ params }: { params: Record<string, string> }) {
  const { value: h, error } = useMemo(
    () => attempt(() => (params.n !== undefined ? hexagramByNumber(Number(params.n)) : hexagramByName(params.name))),
    [params.n, params.name]
  )
  if (!h) {
    return (
      <Page title="六十四卦">
        <ErrorView message={error} />
      </Page>
    )
  }
  return (
    <Page title={`${h.name}卦`} share={{ title: `${h.fullName}：${h.judgment}`, desc: h.daXiang }}>
      <HexagramDetail hexagram={h} />
      <View className="gua64__neighbours">
        {h.number > 1 && (
          <Text
            className="tool-button tool-button--plain gua64__prev"
            onClick={() => open(hexagramByNumber(h.number - 1))}
          >
            ‹ 上一卦
          </Text>
        )}
        {h.number < 64 && (
          <Text
            className="tool-button tool-button--plain gua64__next"
            onClick={() => open(hexagramByNumber(h.number + 1))}
          >
            下一卦 ›
          </Text>
        )}
      </View>
    </Page>
  )
}

function Browser({ initialTab }: { initialTab: Tab }) {
  const [tab, setTab] = useState<Tab>(initialTab)
  const [cast, setCast] = useState<Array<CastValue | undefined>>(() => Array(6).fill(undefined))
  return (
    <Page share={{ title: '六十四卦', desc: '周易六十四卦卦辞、爻辞、彖传、象传，在线起卦看本卦变卦' }}>
      <View className="tool-tabs">
        {TABS.map((t) => (
          <Text
            key={t.key}
            className={`tool-tabs__item ${t.key === tab ? 'tool-tabs__item--active' : ''}`}
            onClick={() => setTab(t.key)}
          >
            {t.label}
          </Text>
        ))}
      </View>
      {tab === 'build' ? (
        <LineBuilder values={cast} onChange={setCast} onOpen={open} />
      ) : (
        <HexagramList order={tab} onOpen={open} />
      )}
    </Page>
  )
}
