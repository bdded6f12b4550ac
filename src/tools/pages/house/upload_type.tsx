import '../../tools.scss'
import '../../house/house.scss'

import type { HousePlanType } from '@contract'
import { Button, Text, View } from '@tarojs/components'
import { useState } from 'react'

import { addHouse } from '@/api/house'
import { uploadPrivateImage } from '@/api/upload'
import Page from '@/components/Page'
import { errorMessage } from '@/core/errors'
import { redirectTo } from '@/navigation'
import { chooseImages } from '@/platform/image'
import { PLAN_TYPES } from '@/tools/house/flow'

/** tools/pages/house/upload_type: choose the kind of plan, then pick and upload the image. */
export default function UploadType() {
  const [type, setType] = useState<HousePlanType>()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')

  const choose = async () => {
    if (!type) {
      setError('请先选择图纸类型')
      return
    }
    setBusy(true)
    setError('')
    try {
      const [path] = await chooseImages(1)
      if (!path) return
      const file = await uploadPrivateImage(path)
      const house = await addHouse({ plan_type: type, file_id: file.file_id })
      await redirectTo(`tools/pages/house/info?id=${house.id}`)
    } catch (e) {
      setError(`上传失败：${errorMessage(e)}`)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Page share={{ title: '户型风水分析', desc: '上传户型图开始分析' }}>
      <View className="tool-card">
        <Text className="tool-card__title">图纸类型</Text>
        {PLAN_TYPES.map((p) => (
          <View
            key={p.value}
            className={`tool-chip house-type ${type === p.value ? 'tool-chip--on' : ''}`}
            data-type={p.value}
            onClick={() => {
              setType(p.value)
              setError('')
            }}
          >
            <Text className="house-type__label">{p.label}</Text>
            <Text className="tool-card__note">{p.note}</Text>
          </View>
        ))}
        <Text className="tool-card__note">
          支持 JPG、PNG、GIF、WebP 图片，不超过 5MB；请尽量让户型图上方与图纸标注一致、不要裁掉外墙。
        </Text>
      </View>
      <View className="house-actions">
        <Button className={`tool-btn ${busy ? 'tool-btn--busy' : ''}`} disabled={busy} onClick={choose}>
          {busy ? '上传中…' : '选择图片并上传'}
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
