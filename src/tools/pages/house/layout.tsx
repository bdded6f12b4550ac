import '../../tools.scss'
import '../../house/house.scss'

import { Button, Text, View } from '@tarojs/components'
import { useEffect, useState } from 'react'

import { editHouse } from '@/api/house'
import Page from '@/components/Page'
import { ErrorView, Loading } from '@/components/States'
import { errorMessage } from '@/core/errors'
import { navigateTo } from '@/navigation'
import ModeChips from '@/tools/house/ModeChips'
import PlanBoard from '@/tools/house/PlanBoard'
import { useHouse } from '@/tools/house/useHouse'

interface Placement {
  centerX: number
  centerY: number
  rotation: number
  mode: '8' | '9' | '24'
}

/** tools/pages/house/layout: place the 立极 centre on the plan and turn the overlay to the facing. */
export default function HouseLayout() {
  const house = useHouse()
  const [p, setP] = useState<Placement>({ centerX: 0.5, centerY: 0.5, rotation: 180, mode: '9' })
  const [size, setSize] = useState<{ w: number; h: number } | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')

  useEffect(() => {
    const h = house.data
    if (!h) return
    setP({ centerX: h.center_x ?? 0.5, centerY: h.center_y ?? 0.5, rotation: h.rotation, mode: h.mode })
    if (h.image_width && h.image_height) setSize({ w: h.image_width, h: h.image_height })
  }, [house.data])

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
  if (h.facing_degrees === null) {
    return (
      <Page>
        <ErrorView
          message="请先填写房屋朝向"
          actionText="去填写"
          onRetry={() => navigateTo(`tools/pages/house/info?id=${h.id}`)}
        />
      </Page>
    )
  }

  const save = async () => {
    setBusy(true)
    setError('')
    try {
      await editHouse({
        id: h.id,
        center_x: p.centerX,
        center_y: p.centerY,
        rotation: p.rotation,
        mode: p.mode,
        ...(size ? { image_width: size.w, image_height: size.h } : {})
      })
      await navigateTo(`tools/pages/house/analysis?id=${h.id}`)
    } catch (e) {
      setError(`保存失败：${errorMessage(e)}`)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Page share={{ title: '立极定位', desc: '在户型图上放置立极中心' }}>
      <View className="tool-card">
        <Text className="tool-card__title">立极定位</Text>
        <Text className="tool-card__note">
          红点为立极中心，红线指向房屋朝向（{h.facing_degrees}
          °）。先把红点放在户型的几何中心，再转动红线对准大门所在的一侧。
        </Text>
        <ModeChips mode={p.mode} onChange={(mode) => setP({ ...p, mode })} />
      </View>
      <PlanBoard
        imageUrl={h.image_url}
        imageWidth={size?.w ?? null}
        imageHeight={size?.h ?? null}
        centerX={p.centerX}
        centerY={p.centerY}
        rotation={p.rotation}
        facingDegrees={h.facing_degrees}
        mode={p.mode}
        onMove={(next) => setP({ ...p, ...next })}
        onImageSize={(w, hh) => (size?.w === w && size?.h === hh ? undefined : setSize({ w, h: hh }))}
      />
      <View className="house-actions">
        <Button
          className={`tool-btn house-layout__save ${busy ? 'tool-btn--busy' : ''}`}
          disabled={busy}
          onClick={save}
        >
          保存并分析
        </Button>
      </View>
      {error && (
        <View className="house-actions">
          <Text className="tool-error">{error}</Text>
        </View>
      )}
    </Page>
  )
}
