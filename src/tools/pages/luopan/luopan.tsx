import '../../tools.scss'
import './luopan.scss'

import { Button, Input, Text, View } from '@tarojs/components'
import { useEffect, useRef, useState } from 'react'

import Page from '@/components/Page'
import { type LuopanReading, luopanReading } from '@/metaphysics/luopan'
import { watchCompass } from '@/platform/compass'
import { continuousAngle } from '@/tools/components/dial-angle'
import LuopanDial from '@/tools/components/LuopanDial'

/** idle: not started yet (iOS asks permission on a tap); live: following the sensor; manual: typed or dragged. */
type Mode = 'idle' | 'starting' | 'live' | 'locked' | 'manual'

const NO_SENSOR = {
  unsupported: '当前设备不支持指南针，请拖动罗盘或输入度数',
  denied: '未获得方向传感器授权，请拖动罗盘或输入度数'
}

const normalise = (d: number) => ((d % 360) + 360) % 360
const fmt = (d: number) => `${d.toFixed(1)}°`

/** tools/pages/luopan/luopan: a luopan with 八卦, 二十四山 and 分金 rings turning with the heading. */
export default function Luopan() {
  const [heading, setHeading] = useState(0)
  const [angle, setAngle] = useState(0)
  const [mode, setMode] = useState<Mode>('idle')
  const [notice, setNotice] = useState('')
  const [typed, setTyped] = useState('')
  const [typedError, setTypedError] = useState('')
  const stopRef = useRef<() => void>(() => undefined)
  const lockedRef = useRef(false)
  // Drags and nudges arrive faster than renders: they build on the latest heading, not the rendered one.
  const headingRef = useRef(0)

  const show = (degrees: number) => {
    const d = normalise(degrees)
    headingRef.current = d
    setHeading(d)
    setAngle((previous) => continuousAngle(previous, d))
  }

  useEffect(() => () => stopRef.current(), [])

  const start = async () => {
    setMode('starting')
    setNotice('')
    const watch = await watchCompass((d) => {
      if (!lockedRef.current) show(d)
    })
    if (watch.status === 'ok') {
      stopRef.current = watch.stop
      lockedRef.current = false
      setMode('live')
    } else {
      setMode('manual')
      setNotice(NO_SENSOR[watch.status])
    }
  }

  const toManual = (degrees: number) => {
    stopRef.current()
    stopRef.current = () => undefined
    if (mode === 'live' || mode === 'locked') setNotice('已切换为手动定向，可随时恢复指南针')
    setMode('manual')
    show(degrees)
  }

  const toggleLock = () => {
    lockedRef.current = mode === 'live'
    setMode(mode === 'live' ? 'locked' : 'live')
  }

  const applyTyped = () => {
    const value = Number(typed.trim())
    if (typed.trim() === '' || !Number.isFinite(value) || value < 0 || value >= 360) {
      setTypedError('度数：请输入 0 到 360 之间的数字（不含 360）')
      return
    }
    setTypedError('')
    toManual(value)
  }

  const reading = luopanReading(heading)
  const sitting = luopanReading(heading + 180)
  const draggable = mode === 'manual' || mode === 'idle'

  return (
    <Page
      share={{
        title: `罗盘：坐${sitting.mountain.name}向${reading.mountain.name}`,
        desc: '二十四山、分金一目了然的手机罗盘'
      }}
    >
      <LuopanDial angle={angle} onDrag={draggable ? (delta) => toManual(headingRef.current + delta) : undefined} />

      <View className="tool-card luopan__reading">
        <View className="luopan__headline">
          <Text className="luopan__pair">
            坐{sitting.mountain.name}向{reading.mountain.name}
          </Text>
          <Text className="luopan__degree">{fmt(heading)}</Text>
        </View>
        <Side title="向" reading={reading} />
        <Side title="坐" reading={sitting} />
        <Text className="tool-card__note">
          手机顶端所指为向，背后为坐；分金按一百二十分金，旺相可用，孤虚、空亡宜避。
        </Text>
      </View>

      <View className="tool-card luopan__controls">
        <Text className="luopan__status">{statusText(mode)}</Text>
        {notice !== '' && (
          <View className="luopan__notice" role="alert">
            {notice}
          </View>
        )}
        <View className="tool-row luopan__buttons">
          {(mode === 'idle' || mode === 'manual') && (
            <Button className="tool-btn luopan__start" onClick={() => void start()}>
              {mode === 'idle' ? '启用指南针' : '恢复指南针'}
            </Button>
          )}
          {mode === 'starting' && (
            <Button className="tool-btn tool-btn--busy" disabled>
              正在连接传感器…
            </Button>
          )}
          {(mode === 'live' || mode === 'locked') && (
            <Button className="tool-btn luopan__lock" onClick={toggleLock}>
              {mode === 'live' ? '锁定读数' : '解锁'}
            </Button>
          )}
        </View>
        <View className="tool-row luopan__nudge">
          {[-1, -0.1, 0.1, 1].map((step) => (
            <View
              key={step}
              className="tool-chip luopan__step"
              onClick={() => toManual(Math.round((headingRef.current + step) * 10) / 10)}
            >
              {step > 0 ? '+' : '−'}
              {Math.abs(step)}°
            </View>
          ))}
        </View>
        <View className="tool-row luopan__type">
          <Input
            className="luopan__input"
            type="digit"
            value={typed}
            placeholder="输入度数，如 187.5"
            onInput={(e) => setTyped(e.detail.value)}
            onConfirm={applyTyped}
          />
          <Button className="tool-btn tool-btn--ghost luopan__apply" size="mini" onClick={applyTyped}>
            定向
          </Button>
        </View>
        {typedError !== '' && <Text className="tool-error">{typedError}</Text>}
      </View>
    </Page>
  )
}

function statusText(mode: Mode): string {
  return {
    idle: '点“启用指南针”跟随手机方向，或拖动罗盘、输入度数',
    starting: '正在读取方向…',
    live: '实时跟随手机方向',
    locked: '读数已锁定',
    manual: '手动定向：左右拖动罗盘或微调度数'
  }[mode]
}

function Side({ title, reading }: { title: string; reading: LuopanReading }) {
  const { mountain, trigram, fenJin } = reading
  return (
    <View className="luopan__side">
      <Text className="luopan__side-title">{title}</Text>
      <View className="luopan__side-body">
        <Text className="luopan__mountain">
          {mountain.name}山 · {trigram.name}卦{trigram.direction} · {mountain.yuan}
          {mountain.yang ? '（阳）' : '（阴）'}
        </Text>
        <Text className="luopan__fenjin">
          分金：{`${fenJin.ganZhi}（${fenJin.grade}）`} · 度数 {fmt(reading.degrees)} · 偏离中线{' '}
          {reading.offsetFromCenter > 0 ? '+' : ''}
          {reading.offsetFromCenter.toFixed(1)}°
        </Text>
      </View>
    </View>
  )
}
