import { UploadOutlined } from '@ant-design/icons'
import type { AdminVideoPart, AdminVideoStart, AdminVideoUploaded } from '@contract/admin'
import { App, Button, Form, Progress, Space } from 'antd'
import { useRef, useState } from 'react'

import { api } from '../../api/client'
import { forgetUpload, rememberUpload, resumeIdOf, sendThroughServer, sendToBucket } from './video-transfer'

const ACCEPT = '.mp4,.m4v,.webm,video/mp4,video/webm'
const MAX_BYTES = 2 * 1024 ** 3

/** The video's length in whole seconds as the browser reads it from the file (0 when it cannot). */
function videoSeconds(file: File): Promise<number> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file)
    const video = document.createElement('video')
    const done = (seconds: number) => {
      URL.revokeObjectURL(url)
      resolve(Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds) : 0)
    }
    video.preload = 'metadata'
    video.onloadedmetadata = () => done(video.duration)
    video.onerror = () => done(0)
    video.src = url
  })
}

/**
 * Sends a lesson video in parts with one progress bar: through our server (local disk) or straight
 * to the bucket (STORAGE=s3), as videoStart answers. The finished media key fills the form's `video` field,
 * and the file's length its 时长 (a lesson counts as learnt by the share of its length watched).
 */
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
    const seconds = await videoSeconds(file)
    if (seconds > 0) form.setFieldsValue({ duration_min: Math.floor(seconds / 60), duration_rest: seconds % 60 })
    const onBytes = (sent: number) => setPercent(Math.min(99, Math.floor((sent / file.size) * 100)))
    let start: AdminVideoStart
    try {
      start = await api.post<AdminVideoStart>('/course/videoStart', {
        file_name: file.name,
        size: file.size,
        resume_id: resumeIdOf(file)
      })
    } catch (e) {
      setFailed(true)
      return message.error((e as Error).message)
    }
    let parts: AdminVideoPart[] = []
    try {
      if (start.target === 'bucket') {
        rememberUpload(file, start.upload_id)
        if (start.uploaded.length) message.info(`继续上次未完成的上传（已有 ${start.uploaded.length} 段）`)
        parts = await sendToBucket(file, start, onBytes)
      } else {
        await sendThroughServer(file, start, onBytes)
      }
    } catch (e) {
      setFailed(true)
      // What reached the bucket stays there a day: picking the same file again carries on from it.
      const resume = start.target === 'bucket' ? '；重新选择同一文件可继续上传' : ''
      return message.error(`视频上传中断：${(e as Error).message}${resume}`)
    }
    try {
      const done = await api.post<AdminVideoUploaded>('/course/videoComplete', { upload_id: start.upload_id, parts })
      form.setFieldValue('video', done.video)
      setPercent(100)
      message.success('视频已上传')
    } catch (e) {
      setFailed(true)
      message.error((e as Error).message)
    } finally {
      // Completed or refused (and then removed from the bucket): nothing left to carry on from.
      forgetUpload(file)
    }
  }

  return (
    <Form.Item label="上传视频" extra="MP4 / M4V / WebM，最大 2GB，分段上传">
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
          // Not the `hidden` attribute: a stylesheet that sets `display` on inputs shows it again.
          style={{ display: 'none' }}
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
