import '../../tools.scss'
import '../../house/house.scss'

import { Button, Input, Text, View } from '@tarojs/components'
import { useEffect, useState } from 'react'

import { editHouse } from '@/api/house'
import Page from '@/components/Page'
import { ErrorView, Loading } from '@/components/States'
import { errorMessage } from '@/core/errors'
import { luopanReading } from '@/metaphysics/luopan/reading'
import { periodOfYear } from '@/metaphysics/xuankong/periods'
import { navigateTo } from '@/navigation'
import { watchCompass } from '@/platform/compass'
import { checkInfoForm, type InfoForm } from '@/tools/house/info-form'
import { useHouse } from '@/tools/house/useHouse'

const EMPTY: InfoForm = {
  facing: '',
  periodBy: 'year',
  buildYear: '',
  period: '',
  method: 'xiagua',
  ownerBirthYear: '',
  ownerGender: ''
}

const mountainText = (facing: string): string => {
  const d = Number(facing)
  if (facing.trim() === '' || !Number.isFinite(d) || d < 0 || d >= 360) return ''
  const r = luopanReading(d)
  return `向 ${r.mountain.name}（${r.trigram.direction}）· 坐 ${r.opposite}`
}

const periodText = (year: string): string => {
  const y = Number(year)
  if (!/^\d{4}$/.test(year.trim()) || y < 1900 || y > 2100) return ''
  const p = periodOfYear(y)
  return `${p.yuan}${p.period}运（${p.startYear}—${p.endYear}）`
}

/** tools/pages/house/info: the facing (compass or typed), the build period and the owner for 八宅. */
export default function HouseInfo() {
  const house = useHouse()
  const [form, setForm] = useState<InfoForm>(EMPTY)
  const [error, setError] = useState('')
  const [notice, setNotice] = useState('')
  const [busy, setBusy] = useState(false)
  const set = (patch: Partial<InfoForm>) => {
    setForm((f) => ({ ...f, ...patch }))
    setError('')
  }

  useEffect(() => {
    const h = house.data
    if (!h) return
    setForm({
      facing: h.facing_degrees !== null ? String(h.facing_degrees) : '',
      periodBy: h.build_year === null && h.period !== null ? 'period' : 'year',
      buildYear: h.build_year !== null ? String(h.build_year) : '',
      period: h.period !== null ? String(h.period) : '',
      method: h.method,
      ownerBirthYear: h.owner_birth_year !== null ? String(h.owner_birth_year) : '',
      ownerGender: h.owner_gender ?? ''
    })
  }, [house.data])

  const readCompass = async () => {
    setNotice('正在读取指南针…')
    // One reading is enough: stop the sensor at the first heading (it may come before the watch is returned).
    let read = false
    let stop: (() => void) | undefined
    const watch = await watchCompass((deg) => {
      if (read) return
      read = true
      stop?.()
      set({ facing: String(Math.round(deg * 10) / 10) })
      setNotice('已读取指南针度数，可再手动修改')
    })
    if (read) watch.stop()
    else stop = watch.stop
    if (watch.status === 'unsupported') setNotice('当前设备没有指南针，请手动输入朝向度数')
    if (watch.status === 'denied') setNotice('未获得方向传感器授权，请手动输入朝向度数')
  }

  const save = async () => {
    const checked = checkInfoForm(form)
    if ('error' in checked) {
      setError(checked.error)
      return
    }
    setBusy(true)
    try {
      await editHouse({ id: house.id, ...checked.value })
      await navigateTo(`tools/pages/house/layout?id=${house.id}`)
    } catch (e) {
      setError(`保存失败：${errorMessage(e)}`)
    } finally {
      setBusy(false)
    }
  }

  if (house.loading && !house.data)
    return (
      <Page>
        <Loading />
      </Page>
    )
  if (house.error)
    return (
      <Page>
        <ErrorView message={house.error} onRetry={house.reload} />
      </Page>
    )

  return (
    <Page share={{ title: '户型风水分析', desc: '输入房屋朝向与建成年份' }}>
      <View className="tool-card">
        <Text className="tool-card__title">房屋朝向</Text>
        <View className="house-field">
          <Text className="house-field__label">朝向度数</Text>
          <Input
            className="house-field__input house-info__facing"
            type="digit"
            placeholder="0—359.9 度"
            value={form.facing}
            onInput={(e) => set({ facing: e.detail.value })}
          />
          <Button className="tool-btn tool-btn--ghost" size="mini" onClick={readCompass}>
            指南针
          </Button>
        </View>
        {/* how to read the facing: on a line of its own, a placeholder this long is cut off at 375px */}
        <Text className="tool-card__note house-info__how">
          站在屋内面向大门外，读出指南针度数（正北为 0，顺时针增加）
        </Text>
        {mountainText(form.facing) && <Text className="tool-card__note">{mountainText(form.facing)}</Text>}
        {notice && <Text className="tool-card__note">{notice}</Text>}
      </View>
      <View className="tool-card">
        <Text className="tool-card__title">元运</Text>
        <View className="tool-row">
          <Text
            className={`tool-chip ${form.periodBy === 'year' ? 'tool-chip--on' : ''}`}
            onClick={() => set({ periodBy: 'year' })}
          >
            按建成年份
          </Text>
          <Text
            className={`tool-chip ${form.periodBy === 'period' ? 'tool-chip--on' : ''}`}
            onClick={() => set({ periodBy: 'period' })}
          >
            直接选元运
          </Text>
        </View>
        {form.periodBy === 'year' ? (
          <View className="house-field">
            <Text className="house-field__label">建成年份</Text>
            <Input
              className="house-field__input house-info__year"
              type="number"
              maxlength={4}
              placeholder="如 2008（入住或大修年份亦可）"
              value={form.buildYear}
              onInput={(e) => set({ buildYear: e.detail.value })}
            />
          </View>
        ) : (
          <View className="tool-row house-info__periods">
            {[1, 2, 3, 4, 5, 6, 7, 8, 9].map((p) => (
              <Text
                key={p}
                className={`tool-chip ${form.period === String(p) ? 'tool-chip--on' : ''}`}
                onClick={() => set({ period: String(p) })}
              >
                {p}运
              </Text>
            ))}
          </View>
        )}
        {form.periodBy === 'year' && periodText(form.buildYear) && (
          <Text className="tool-card__note">{periodText(form.buildYear)}</Text>
        )}
        <View className="tool-row house-info__method">
          <Text
            className={`tool-chip ${form.method === 'xiagua' ? 'tool-chip--on' : ''}`}
            onClick={() => set({ method: 'xiagua' })}
          >
            下卦
          </Text>
          <Text
            className={`tool-chip ${form.method === 'tigua' ? 'tool-chip--on' : ''}`}
            onClick={() => set({ method: 'tigua' })}
          >
            替卦（兼向）
          </Text>
        </View>
      </View>
      <View className="tool-card">
        <Text className="tool-card__title">宅主（八宅命卦）</Text>
        <View className="house-field">
          <Text className="house-field__label">出生年份</Text>
          <Input
            className="house-field__input house-info__owner"
            type="number"
            maxlength={4}
            placeholder="如 1985（立春前出生请填上一年）"
            value={form.ownerBirthYear}
            onInput={(e) => set({ ownerBirthYear: e.detail.value })}
          />
        </View>
        <View className="tool-row house-field">
          <Text className="house-field__label">性别</Text>
          <Text
            className={`tool-chip ${form.ownerGender === 'male' ? 'tool-chip--on' : ''}`}
            onClick={() => set({ ownerGender: 'male' })}
          >
            男
          </Text>
          <Text
            className={`tool-chip ${form.ownerGender === 'female' ? 'tool-chip--on' : ''}`}
            onClick={() => set({ ownerGender: 'female' })}
          >
            女
          </Text>
        </View>
      </View>
      <View className="house-actions">
        <Button className={`tool-btn house-info__save ${busy ? 'tool-btn--busy' : ''}`} disabled={busy} onClick={save}>
          下一步：立极定位
        </Button>
      </View>
      {error && (
        <View className="house-actions">
          <Text className="tool-error house-info__error">{error}</Text>
        </View>
      )}
    </Page>
  )
}
