import {
  BoldOutlined,
  CodeOutlined,
  FontSizeOutlined,
  OrderedListOutlined,
  PictureOutlined,
  UnorderedListOutlined
} from '@ant-design/icons'
import { App, Button, Input, Space, Tooltip } from 'antd'
import { useEffect, useRef, useState } from 'react'

import { api } from '../api/client'

interface Props {
  value?: string
  onChange?: (html: string) => void
}

/**
 * A small rich-text editor for product details and course introductions: paragraphs, headings, bold, lists and uploaded
 * images, or the HTML itself. The server sanitizes what is saved, so this only has to be convenient.
 */
export function HtmlEditor({ value = '', onChange }: Props) {
  const { message } = App.useApp()
  const box = useRef<HTMLDivElement>(null)
  const picker = useRef<HTMLInputElement>(null)
  const [source, setSource] = useState(false)

  // Only write into the editable box when the value came from outside (loading a product).
  useEffect(() => {
    if (box.current && box.current.innerHTML !== value) box.current.innerHTML = value
  }, [value, source])

  const emit = () => onChange?.(box.current?.innerHTML ?? '')
  const exec = (command: string, arg?: string) => {
    box.current?.focus()
    document.execCommand(command, false, arg)
    emit()
  }

  const insertImage = async (file: File | undefined) => {
    if (!file) return
    try {
      const url = await api.uploadImage(file)
      exec('insertHTML', `<p><img src="${url}" alt="" /></p>`)
    } catch (e) {
      message.error((e as Error).message)
    }
  }

  return (
    <div className="html-editor">
      <Space size={4} style={{ marginBottom: 8 }}>
        <Tooltip title="标题">
          <Button
            size="small"
            icon={<FontSizeOutlined />}
            disabled={source}
            onClick={() => exec('formatBlock', 'h2')}
          />
        </Tooltip>
        <Tooltip title="正文">
          <Button size="small" disabled={source} onClick={() => exec('formatBlock', 'p')}>
            正文
          </Button>
        </Tooltip>
        <Tooltip title="加粗">
          <Button size="small" icon={<BoldOutlined />} disabled={source} onClick={() => exec('bold')} />
        </Tooltip>
        <Tooltip title="无序列表">
          <Button
            size="small"
            icon={<UnorderedListOutlined />}
            disabled={source}
            onClick={() => exec('insertUnorderedList')}
          />
        </Tooltip>
        <Tooltip title="有序列表">
          <Button
            size="small"
            icon={<OrderedListOutlined />}
            disabled={source}
            onClick={() => exec('insertOrderedList')}
          />
        </Tooltip>
        <Tooltip title="插入图片">
          <Button size="small" icon={<PictureOutlined />} disabled={source} onClick={() => picker.current?.click()} />
        </Tooltip>
        <Tooltip title="编辑 HTML 源码">
          <Button
            size="small"
            icon={<CodeOutlined />}
            type={source ? 'primary' : 'default'}
            onClick={() => setSource(!source)}
          />
        </Tooltip>
      </Space>
      <input
        ref={picker}
        type="file"
        accept="image/jpeg,image/png,image/gif,image/webp"
        style={{ display: 'none' }}
        onChange={(e) => {
          void insertImage(e.target.files?.[0])
          e.target.value = ''
        }}
      />
      {source ? (
        <Input.TextArea
          value={value}
          onChange={(e) => onChange?.(e.target.value)}
          autoSize={{ minRows: 10, maxRows: 24 }}
          style={{ fontFamily: 'monospace' }}
        />
      ) : (
        <div
          ref={box}
          className="html-editor-box"
          contentEditable
          suppressContentEditableWarning
          onInput={emit}
          onBlur={emit}
          style={{
            minHeight: 220,
            maxHeight: 520,
            overflow: 'auto',
            padding: '8px 12px',
            border: '1px solid #d9d9d9',
            borderRadius: 6,
            background: '#fff'
          }}
        />
      )}
    </div>
  )
}
