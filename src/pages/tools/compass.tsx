import './parts/tools.scss'
import './parts/compass.scss'

import { Input, Text, View } from '@tarojs/components'
import { useEffect, useRef, useState } from 'react'

import Page from '@/components/Page'
import type { CompassStatus, CompassWatch } from '@/core/compass'
import { luopanReading } from '@/metaphysics/luopan'
import { watchCompass } from '@/platform/compass'

import { attempt } from './lib/errors'
import CompassDial from './parts/CompassDial'

type Status = CompassStatus | 'idle' | 'starting'

const STATUS_TEXT: Partial<Record<Status, string>> = {
  idle: '点击“开启指南针”读取手机方向；也可拖动罗盘或输入度数。',
  starting: '正在读取方向传感器…',
  unsupported: '当前设备不支持指南针，可左右拖动罗盘或输入度数。',
  denied: '未获得方向传感器权限，可左右拖动罗盘或输入度数。'
}

/** pages/tools/compass: a live heading on a 罗盘 face with mountain, 分金 and degree; lockable. */
export default function Compass() {
  const [status, setStatus] = useState<Status>('idle')
  const [heading, setHeading] = useState(0)
  const [locked, setLocked] = useState(false)
  const [typed, setTyped] = useState('')
  const [typedError, setTypedError] = useState('')
  const lockedRef = useRef(false)
  const watch = useRef<CompassWatch | null>(null)

  useEffect(() => () => watch.current?.stop(), [])

  const start = async () => {
    setStatus('starting')
    watch.current?.stop()
    const started = await watchCompass((degrees) => {
      if (!lockedRef.current) setHeading(degrees)
    })
    watch.current = started
    setStatus(started.status)
  }
  const toggleLock = () => {
    lockedRef.current = !locked
    setLocked(!locked)
  }
  const setManual = (degrees: number) => {
    if (!locked) setHeading(((degrees % 360) + 360) % 360)
  }
  const applyTyped = () => {
    const value = typed.trim() === '' ? NaN : Number(typed)
    const { error } = attempt(() => luopanReading(value))
    if (error || value < 0 || value >= 360) {
      setTypedError(`度数：${error ?? '请输入 0 到 360 之间的度数'}`)
      return
    }
    setTypedError('')
    if (locked) toggleLock()
    setHeading(value)
  }

  const reading = luopanReading(heading)
  const live = status === 'ok'
  const degreeText = `${reading.degrees.toFixed(1)}°`
  return (
    <Page share={{ title: `指南针：${reading.mountain.name}山 ${degreeText}`, desc: '二十四山罗盘，测量朝向与分金' }}>
      <View className="tool-card compass__reading">
        <Text className="compass__degree">{degreeText}</Text>
        <Text className="compass__mountain">
          {reading.trigram.direction} · {reading.mountain.name}山（{reading.trigram.name}卦 {reading.trigram.symbol}）
        </Text>
        <Text className="tool-muted compass__detail">
          {reading.mountain.yuan}龙 · 分金 {reading.fenJin.ganZhi}（{reading.fenJin.grade}） · 对宫 {reading.opposite}山
        </Text>
        {locked && <Text className="compass__locked">读数已锁定</Text>}
      </View>
      <CompassDial heading={heading} onDrag={live && !locked ? undefined : setManual} />
      {STATUS_TEXT[status] && (
        <Text className={`compass__status compass__status--${status}`}>{STATUS_TEXT[status]}</Text>
      )}
      <View className="compass__actions">
        {!live && (
          <Text className="tool-button compass__start" onClick={start}>
            开启指南针
          </Text>
        )}
        <Text className="tool-button tool-button--plain compass__lock" onClick={toggleLock}>
          {locked ? '解锁' : '锁定读数'}
        </Text>
      </View>
      <View className="tool-card compass__manual">
        <Text className="tool-card__title">输入度数</Text>
        <View className="compass__manual-row">
          <Input
            className="tool-input compass__input"
            type="digit"
            placeholder="0 – 359.9，正北为 0"
            onInput={(e) => setTyped(e.detail.value)}
            onConfirm={applyTyped}
          />
          <Text className="tool-button compass__apply" onClick={applyTyped}>
            定位
          </Text>
        </View>
        {typedError && <View className="tool-error compass__error">{typedError}</View>}
        <View className="compass__nudges">
          {[-15, -1, 1, 15].map((step) => (
            <Text
              key={step}
              className="tool-chip compass__nudge"
              data-step={step}
              onClick={() => setManual(heading + step)}
            >
              {step > 0 ? `+${step}°` : `${step}°`}
            </Text>
          ))}
        </View>
      </View>
    </Page>
  )
}
