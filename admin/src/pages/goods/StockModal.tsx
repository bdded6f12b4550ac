import { ProTable } from '@ant-design/pro-components'
import type { Paged } from '@contract'
import type { AdminGoodsDetail, AdminGoodsRow, AdminSku, AdminStockLogRow } from '@contract/admin'
import { App, Button, Input, InputNumber, Modal, Space, Table, Tag, Typography } from 'antd'
import { useEffect, useState } from 'react'

import { api } from '../../api/client'
import { time } from '../../format'
import { leave, useUnsavedChanges } from '../../unsaved'

interface Props {
  goods: Pick<AdminGoodsRow, 'goods_id' | 'name'> | null
  editable: boolean
  onClose(): void
  onChanged(): void
}

/** A product's stock per SKU, adjusted by a signed amount with a reason, and the log of adjustments. */
export function StockModal({ goods, editable, onClose, onChanged }: Props) {
  const { message } = App.useApp()
  const [skus, setSkus] = useState<AdminSku[]>([])
  const [loading, setLoading] = useState(false)
  const [draft, setDraft] = useState<Record<number, { delta?: number | null; reason?: string }>>({})
  const [logsVersion, setLogsVersion] = useState(0)
  useUnsavedChanges(Object.values(draft).some((d) => Boolean(d.delta) || Boolean(d.reason?.trim())))

  const load = async (id: number) => {
    setLoading(true)
    try {
      setSkus((await api.get<AdminGoodsDetail>('/goods/detail', { goods_id: id })).skus)
    } catch (e) {
      message.error((e as Error).message)
    } finally {
      setLoading(false)
    }
  }

  useEffect(() => {
    setDraft({})
    if (goods) void load(goods.goods_id)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs only when these values change
  }, [goods?.goods_id])

  const adjust = async (sku: AdminSku) => {
    const { delta, reason } = draft[sku.sku_id] ?? {}
    if (!delta || !reason?.trim()) {
      message.warning(delta ? '请填写调整原因' : '请填写调整数量（正数增加，负数减少）')
      return
    }
    try {
      const res = await api.post<{ stock: number }>('/goods/stock', { sku_id: sku.sku_id, delta, reason })
      message.success(`库存已调整为 ${res.stock}`)
      setDraft((d) => ({ ...d, [sku.sku_id]: {} }))
      setLogsVersion((v) => v + 1)
      onChanged()
    } catch (e) {
      message.error((e as Error).message)
    }
    if (goods) void load(goods.goods_id)
  }

  return (
    <Modal
      title={goods ? `库存：${goods.name}` : ''}
      open={goods !== null}
      onCancel={() => leave(onClose)}
      footer={null}
      width={860}
      destroyOnClose
    >
      <Table<AdminSku>
        rowKey="sku_id"
        size="small"
        loading={loading}
        pagination={false}
        dataSource={skus}
        columns={[
          { title: '规格', render: (_, s) => s.spec_values.join(' / ') || '默认', width: 160 },
          {
            title: '状态',
            width: 80,
            render: (_, s) => (s.on_shelf ? <Tag color="green">在售</Tag> : <Tag>停售</Tag>)
          },
          { title: '当前库存', dataIndex: 'stock', width: 90 },
          ...(editable
            ? [
                {
                  title: '调整',
                  render: (_: unknown, s: AdminSku) => (
                    <Space>
                      <InputNumber
                        placeholder="+10 / -3"
                        precision={0}
                        style={{ width: 100 }}
                        value={draft[s.sku_id]?.delta ?? null}
                        onChange={(delta) => setDraft((d) => ({ ...d, [s.sku_id]: { ...d[s.sku_id], delta } }))}
                      />
                      <Input
                        placeholder="原因，如 到货、盘点、报损"
                        maxLength={100}
                        style={{ width: 200 }}
                        value={draft[s.sku_id]?.reason ?? ''}
                        onChange={(e) =>
                          setDraft((d) => ({ ...d, [s.sku_id]: { ...d[s.sku_id], reason: e.target.value } }))
                        }
                      />
                      <Button size="small" type="primary" onClick={() => adjust(s)}>
                        调整
                      </Button>
                    </Space>
                  )
                }
              ]
            : [])
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 20 }}>
        调整记录
      </Typography.Title>
      {goods && (
        <ProTable<AdminStockLogRow>
          key={`${goods.goods_id}-${logsVersion}`}
          rowKey="id"
          size="small"
          search={false}
          options={false}
          pagination={{ defaultPageSize: 10 }}
          request={async ({ current, pageSize }) => {
            const data = await api.get<Paged<AdminStockLogRow>>('/goods/stockLogs', {
              goods_id: goods.goods_id,
              page: current,
              per_page: pageSize
            })
            return { data: data.list, total: data.total, success: true }
          }}
          columns={[
            { title: '时间', dataIndex: 'created_at', width: 150, render: (_, l) => time(l.created_at) },
            { title: '规格', dataIndex: 'spec_text', render: (_, l) => l.spec_text || '默认' },
            {
              title: '变动',
              dataIndex: 'delta',
              width: 80,
              render: (_, l) => (
                <span style={{ color: l.delta > 0 ? '#389e0d' : '#cf1322' }}>
                  {l.delta > 0 ? `+${l.delta}` : l.delta}
                </span>
              )
            },
            { title: '调整后', dataIndex: 'stock_after', width: 80 },
            { title: '原因', dataIndex: 'reason', ellipsis: true },
            { title: '操作员', dataIndex: 'operator_name', width: 100 }
          ]}
        />
      )}
    </Modal>
  )
}
