import { PlusOutlined } from '@ant-design/icons'
import type { UploadFile } from 'antd'
import { App, Image, Input, Upload } from 'antd'
import { useRef, useState } from 'react'

import { api } from '../api/client'

const MAX_BYTES = 5 * 1024 * 1024

interface Props {
  value?: string[]
  onChange?: (urls: string[]) => void
  /** How many images it holds (1 for an icon: a new upload replaces it). */
  max?: number
}

/** Images uploaded to the server's storage; the value is their addresses, first one first. */
export function ImageUpload({ value = [], onChange, max = 9 }: Props) {
  const { message } = App.useApp()
  const [uploading, setUploading] = useState(0)
  const [preview, setPreview] = useState<string | null>(null)
  // Several files may finish before the form re-renders with the new value.
  const current = useRef(value)
  current.current = value
  const files: UploadFile[] = value.map((url, i) => ({
    uid: `${i}-${url}`,
    name: url.slice(url.lastIndexOf('/') + 1),
    status: 'done',
    url
  }))
  // One image: the button stays and replaces it; several: it goes when the list is full.
  const showButton = max === 1 || value.length + uploading < max
  return (
    <>
      <Upload
        accept="image/jpeg,image/png,image/gif,image/webp"
        listType="picture-card"
        fileList={files}
        multiple={max > 1}
        beforeUpload={(file) => {
          if (file.size > MAX_BYTES) {
            message.error('图片不能超过 5MB')
            return Upload.LIST_IGNORE
          }
          return true
        }}
        customRequest={async ({ file, onSuccess, onError }) => {
          setUploading((n) => n + 1)
          try {
            const url = await api.uploadImage(file as Blob)
            onSuccess?.(url)
            current.current = [...current.current, url].slice(-max)
            onChange?.(current.current)
          } catch (e) {
            message.error((e as Error).message)
            onError?.(e as Error)
          } finally {
            setUploading((n) => n - 1)
          }
        }}
        onPreview={(file) => setPreview(file.url ?? null)}
        onRemove={(file) => {
          onChange?.(value.filter((url) => url !== file.url))
          return false
        }}
      >
        {showButton && (
          <div>
            <PlusOutlined />
            <div style={{ marginTop: 8 }}>
              {uploading ? '上传中…' : max === 1 && value.length ? '更换图片' : '上传图片'}
            </div>
          </div>
        )}
      </Upload>
      {preview && (
        <Image
          style={{ display: 'none' }}
          src={preview}
          preview={{ visible: true, src: preview, onVisibleChange: (open) => !open && setPreview(null) }}
        />
      )}
    </>
  )
}

/** One image as its address: uploaded, or an address pasted in (a CDN, a bundled /static image). */
export function SingleImageUpload({ value = '', onChange }: { value?: string; onChange?: (url: string) => void }) {
  return (
    <>
      <ImageUpload max={1} value={value ? [value] : []} onChange={(urls) => onChange?.(urls[0] ?? '')} />
      <Input
        size="small"
        placeholder="或粘贴图片网址"
        value={value}
        onChange={(e) => onChange?.(e.target.value.trim())}
        style={{ maxWidth: 360 }}
      />
    </>
  )
}
