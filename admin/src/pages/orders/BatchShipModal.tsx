import { UploadOutlined } from '@ant-design/icons'
import type { AdminBatchShipResult } from '@contract/admin'
import { Alert, App, Button, Input, Modal, Table, Typography, Upload } from 'antd'
import { useState } from 'react'

import { api } from '../../api/client'
import { leave, useUnsavedChanges } from '../../unsaved'

/** Batch shipping from a CSV file or pasted lines: 订单号,快递公司,快递单号 per line. */
export function BatchShipModal({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: () => void }) {
  const [csv, setCsv] = useState('')
  const [result, setResult] = useState<AdminBatchShipResult | null>(null)
  const [busy, setBusy] = useState(false)
  const { message } = App.useApp()
  useUnsavedChanges(open && !result && csv.trim() !== '')
  const close = () => {
    setCsv('')
    setResult(null)
    onClose()
  }
  const submit = async () => {
    if (!csv.trim()) return message.warning('请先选择 CSV 文件或粘贴发货内容')
    setBusy(true)
    try {
      const r = await api.post<AdminBatchShipResult>('/order/batchShip', { csv })
      setResult(r)
      if (r.shipped) onDone()
    } catch (e) {
      message.error((e as Error).message)
    } finally {
      setBusy(false)
    }
  }
  return (
    <Modal
      title="批量发货"
      open={open}
      onCancel={() => leave(close)}
      width={720}
      footer={result ? <Button onClick={close}>完成</Button> : undefined}
      onOk={submit}
      okText="开始发货"
      confirmLoading={busy}
    >
      {result ? (
        <>
          <Alert
            type={result.failed.length ? 'warning' : 'success'}
            showIcon
            message={`已发货 ${result.shipped} 单${result.failed.length ? `，${result.failed.length} 行未发货` : ''}`}
            style={{ marginBottom: 12 }}
          />
          {result.failed.length > 0 && (
            <Table
              size="small"
              rowKey="line"
              pagination={false}
              dataSource={result.failed}
              columns={[
                { title: '行号', dataIndex: 'line', width: 70 },
                { title: '订单号', dataIndex: 'order_no', width: 220 },
                { title: '原因', dataIndex: 'reason' }
              ]}
            />
          )}
        </>
      ) : (
        <>
          <Typography.Paragraph type="secondary">
            每行一个包裹：订单号,快递公司,快递单号（第一行可以是表头）；同一订单号写几行就是分拆发货的几个包裹（最多 15
            个）。快递公司填名称或微信的快递公司编码（如 顺丰速运 或
            SF），不在微信快递公司列表中的会被拒绝。每单单独发货，出错的行会列出行号和原因，其余订单照常发货。
          </Typography.Paragraph>
          <Upload
            accept=".csv,.txt"
            maxCount={1}
            showUploadList={false}
            beforeUpload={(file) => {
              file.text().then(setCsv)
              return false
            }}
          >
            <Button icon={<UploadOutlined />}>选择 CSV 文件</Button>
          </Upload>
          <Input.TextArea
            value={csv}
            onChange={(e) => setCsv(e.target.value)}
            rows={10}
            style={{ marginTop: 12, fontFamily: 'monospace' }}
            placeholder={'订单号,快递公司,快递单号\n2025010112345678,顺丰速运,SF1234567890'}
          />
        </>
      )}
    </Modal>
  )
}
