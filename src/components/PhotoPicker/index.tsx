import './index.scss'

import type { UploadImageResponse } from '@contract'
import { Image, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useState } from 'react'

import { errorMessage } from '@/core/errors'
import { chooseAndUploadImages } from '@/platform/image'

interface Props {
  value: UploadImageResponse[]
  onChange: (photos: UploadImageResponse[]) => void
  max: number
  /** Told when an upload fails, e.g. `凭证上传失败：…`. */
  onError: (message: string) => void
}

/**
 * Photos a form sends as private uploads (only their owner and operators see them): tap + to pick and upload,
 * a photo to see it large, × to take it out again.
 */
export default function PhotoPicker({ value, onChange, max, onError }: Props) {
  const [uploading, setUploading] = useState(false)
  const add = async () => {
    if (uploading) return
    setUploading(true)
    try {
      const picked = await chooseAndUploadImages(max - value.length, { private: true })
      if (picked.length) onChange([...value, ...picked].slice(0, max))
    } catch (e) {
      onError(`上传失败：${errorMessage(e)}`)
    } finally {
      setUploading(false)
    }
  }
  const urls = value.map((p) => p.url)
  return (
    <View className="photo-picker">
      {value.map((p) => (
        <View key={p.file_id} className="photo-picker__cell">
          <Image
            className="photo-picker__photo"
            src={p.url}
            mode="aspectFill"
            onClick={() => Taro.previewImage({ current: p.url, urls }).catch(() => undefined)}
          />
          <Text
            className="photo-picker__remove"
            aria-label="删除图片"
            onClick={() => onChange(value.filter((x) => x.file_id !== p.file_id))}
          >
            ×
          </Text>
        </View>
      ))}
      {value.length < max && (
        <Text className="photo-picker__add" onClick={add}>
          {uploading ? '上传中' : '+'}
        </Text>
      )}
    </View>
  )
}
