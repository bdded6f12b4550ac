import '../../tools.scss'
import '../../house/house.scss'

import { Button, Input, Slider, Text, View } from '@tarojs/components'
import { useMemo, useState } from 'react'

import { getHouses } from '@/api/house'
import { uploadPrivateImage } from '@/api/upload'
import Page from '@/components/Page'
import { errorMessage } from '@/core/errors'
import { useRemote } from '@/hooks/useRemote'
import { normaliseDegrees } from '@/metaphysics/luopan/mountains'
import { luopanReading } from '@/metaphysics/luopan/reading'
import { chooseImages } from '@/platform/image'
import ModeChips from '@/tools/house/ModeChips'
import { bearingAtImageAngle } from '@/tools/house/overlay'
import PlanBoard from '@/tools/house/PlanBoard'

interface Plan {
  url: string
  width: number | null
  height: number | null
}

/** tools/pages/lijichi/lijichi: 立极尺 — an overlay on a plan, and the degree and mountain under a chosen direction. */
export default function Lijichi() {
  const houses = useRemote(() => getHouses({ page: 1, per_page: 20 }))
  const [plan, setPlan] = useState<Plan>()
  const [facingText, setFacingText] = useState('180')
  const [placement, setPlacement] = useState({ centerX: 0.5, centerY: 0.5, rotation: 180 })
  const [mode, setMode] = useState<'8' | '9' | '24'>('24')
  const [pointer, setPointer] = useState(0)
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)

  const facingNumber = Number(facingText)
  const facingValid =
    facingText.trim() !== '' && Number.isFinite(facingNumber) && facingNumber >= 0 && facingNumber < 360
  const facing = facingValid ? facingNumber : 180
  // The bearing shown at an image angle: the facing is drawn at `rotation`, so north is at rotation − facing.
  const reading = useMemo(
    () => luopanReading(bearingAtImageAngle(pointer, { northAngle: normaliseDegrees(placement.rotation - facing) })),
    [pointer, placement.rotation, facing]
  )

  const upload = async () => {
    setBusy(true)
    setError('')
    try {
      const [path] = await chooseImages(1)
      if (path) setPlan({ url: (await uploadPrivateImage(path)).url, width: null, height: null })
    } catch (e) {
      setError(`上传失败：${errorMessage(e)}`)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Page share={{ title: '立极尺', desc: '在户型图上立极分宫，量取任意方向的度数与山向' }}>
      <View className="tool-card">
        <Text className="tool-card__title">户型图</Text>
        <Button className={`tool-btn ${busy ? 'tool-btn--busy' : ''}`} disabled={busy} onClick={upload}>
          {busy ? '上传中…' : '上传户型图'}
        </Button>
        {!!houses.data?.list.length && <Text className="tool-card__note">或选用已保存的户型：</Text>}
        <View className="tool-row lijichi__saved">
          {houses.data?.list.map((h) => (
            <Text
              key={h.id}
              className={`tool-chip ${plan?.url === h.image_url ? 'tool-chip--on' : ''}`}
              onClick={() => {
                setPlan({ url: h.image_url, width: h.image_width, height: h.image_height })
                if (h.facing_degrees !== null) setFacingText(String(h.facing_degrees))
                setPlacement({ centerX: h.center_x ?? 0.5, centerY: h.center_y ?? 0.5, rotation: h.rotation })
              }}
            >
              {h.title}
            </Text>
          ))}
        </View>
        {error && <Text className="tool-error">{error}</Text>}
        <View className="house-field">
          <Text className="house-field__label">朝向度数</Text>
          <Input
            className="house-field__input lijichi__facing"
            type="digit"
            value={facingText}
            onInput={(e) => setFacingText(e.detail.value)}
          />
        </View>
        {!facingValid && <Text className="tool-error">朝向度数须是 0 到 359.9 之间的数字</Text>}
        <ModeChips mode={mode} onChange={setMode} />
      </View>
      {plan ? (
        <PlanBoard
          imageUrl={plan.url}
          imageWidth={plan.width}
          imageHeight={plan.height}
          {...placement}
          facingDegrees={facing}
          mode={mode}
          highlight={mode === '24' ? reading.mountain.name : reading.trigram.name}
          onMove={setPlacement}
          onImageSize={(w, h) =>
            plan.width === w && plan.height === h ? undefined : setPlan({ ...plan, width: w, height: h })
          }
        />
      ) : (
        <View className="tool-card">
          <Text className="tool-card__note">请先上传户型图或选用已保存的户型</Text>
        </View>
      )}
      <View className="tool-card lijichi__reading">
        <Text className="tool-card__title">量方向</Text>
        <View className="tool-row">
          <Text className="house-board__slider-label">图上方向</Text>
          <Slider
            className="house-board__slider-bar"
            min={0}
            max={359}
            step={1}
            value={pointer}
            activeColor="#F57C00"
            blockSize={20}
            onChanging={(e) => setPointer(Number(e.detail.value))}
            onChange={(e) => setPointer(Number(e.detail.value))}
          />
          <Text className="house-board__slider-value">{pointer}°</Text>
        </View>
        <Text className="tool-card__note">图上方向：从户型图正上方起顺时针的角度；高亮的是该方向所在的分区。</Text>
        <Text className="tool-text lijichi__result">
          罗盘 {reading.degrees.toFixed(1)}° · {reading.mountain.name}山（{reading.trigram.name}卦{' '}
          {reading.trigram.direction}）· 分金 {reading.fenJin.ganZhi}（{reading.fenJin.grade}）
        </Text>
      </View>
    </Page>
  )
}
