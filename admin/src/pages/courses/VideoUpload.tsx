import { UploadOutlined } from '@ant-design/icons'
import type { AdminVideoStart, AdminVideoUploaded } from '@contract/admin'
import { App, Button, Form, Progress, Space } from 'antd'
import { useRef, useState } from 'react'

import { api } from '../../api/client'

const ACCEPT = '.mp4,.m4v,.webm,video/mp4,video/webm'
const MAX_BYTES = 2 * 1024 ** 3

/** The part as base64, read by the browser without building a string byte by byte. */
function base64Of(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result).slice(String(reader.result).indexOf(',') + 1))
    reader.onerror = () => reject(new Error('读取文件失败'))
    reader.readAsDataURL(blob)
  })
}

/** Sends a lesson video in parts with progress; the finished media key fills the form's `video` field. */
export function VideoUpload() {
  const form = Form.useFormInstance()
  const { message } = App.useApp()
  const [percent, setPercent] = useState<number | null>(null)
  const [failed, setFailed] = useState(false)
  const picker = useRef<HTMLInputElement>(null)

  const upload = async (file: File) => {
    if (!/\.(mp4|m4v|webm)$/i.test(file.name)) return message.error('只能上传 MP4、M4V 或 WebM 视频')
    if (file.size > MAX_BYTES) return message.error('视频不能超过 2GB')
    setFailed(false)
    setPercent(0)
    try {
      const start = await api.post<AdminVideoStart>('/course/videoStart', { file_name: file.name, size: file.size })
      for (let i = 0; i < start.parts; i++) {
        const data = await base64Of(file.slice(i * start.part_bytes, (i + 1) * start.part_bytes))
        // A part that failed on the network is sent once more before giving up.
        await api
          .post('/course/videoPart', { upload_id: start.upload_id, index: i, data })
          .catch(() => api.post('/course/videoPart', { upload_id: start.upload_id, index: i, data }))
        setPercent(Math.floor(((i + 1) / start.parts) * 100))
      }
      const done = await api.post<AdminVideoUploaded>('/course/videoComplete', { upload_id: start.upload_id })
      form.setFieldValue('video', done.video)
      message.success('视频已上传')
    } catch (e) {
      setFailed(true)
      message.error((e as Error).message)
    }
  }

  return (
    <Form.Item label="上传视频" extra="MP4 / M4V / WebM，最大 2GB，按 5MB 分段上传">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Button
          icon={<UploadOutlined />}
          disabled={percent !== null && percent < 100 && !failed}
          onClick={() => picker.current?.click()}
        >
          选择视频文件
        </Button>
        <input
          ref={picker}
          type="file"
          accept={ACCEPT}
          hidden
          onChange={(e) => {
            const file = e.target.files?.[0]
            e.target.value = ''
            if (file) void upload(file)
          }}
        />
        {percent !== null && (
          <Progress percent={percent} status={failed ? 'exception' : percent === 100 ? 'success' : 'active'} />
        )}
      </Space>
    </Form.Item>
  )
}
