import './PhotoField.scss'

import type { UploadImageResponse } from '@contract'
import { Image, Text, View } from '@tarojs/components'
import { useState } from 'react'

import { errorMessage } from '@/core/errors'
import { chooseAndUploadImages } from '@/platform/image'

interface Props {
  label: string
  hint: string
  value: UploadImageResponse | undefined
  error?: string
  onChange: (photo: UploadImageResponse) => void
}

/** Picks one photo (album or camera) and uploads it privately at once; the form sends its file id. */
export default function PhotoField({ label, hint, value, error, onChange }: Props) {
  const [uploading, setUploading] = useState(false)
  const [failure, setFailure] = useState('')

  const pick = async () => {
    if (uploading) return
    setUploading(true)
    setFailure('')
    try {
      const [photo] = await chooseAndUploadImages(1, { private: true })
      if (photo) onChange(photo)
    } catch (e) {
      setFailure(`照片上传失败：${errorMessage(e)}`)
    } finally {
      setUploading(false)
    }
  }

  const message = failure || error
  return (
    <View className={`photo-field${message ? ' photo-field--error' : ''}`}>
      <Text className="photo-field__label">
        <Text className="photo-field__star">*</Text>
        {label}
      </Text>
      <View className="photo-field__box" onClick={pick}>
        {value ? (
          <Image className="photo-field__img" src={value.url} mode="aspectFill" />
        ) : (
          <Text className="photo-field__plus">{uploading ? '上传中…' : '+'}</Text>
        )}
      </View>
      <Text className="photo-field__hint">{value ? '点击照片可重新选择' : hint}</Text>
      {message && <Text className="photo-field__error">{message}</Text>}
    </View>
  )
}
