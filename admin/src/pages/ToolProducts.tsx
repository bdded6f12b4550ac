import {
  type ActionType,
  ModalForm,
  PageContainer,
  ProFormDigit,
  ProFormSwitch,
  ProFormText,
  ProFormTextArea
} from '@ant-design/pro-components'
import type { AdminToolProduct } from '@contract/admin'
import { App, Button, Result, Skeleton, Space, Table, Tag } from 'antd'
import { useCallback, useEffect, useRef, useState } from 'react'

import { api } from '../api/client'
import { ChangeHistory } from '../components/ChangeHistory'
import { time, yuan } from '../format'
import { useModalFormGuard } from '../unsaved'

interface Form {
  title: string
  description: string
  price_yuan: number
  original_yuan?: number
  visible: boolean
}
const fen = (y?: number) => Math.round((y ?? 0) * 100)

/** The paid tools the app sells (八字详批报告): price, struck-through price, on sale or not, and every change. */
export default function ToolProducts() {
  const { message } = App.useApp()
  const [rows, setRows] = useState<AdminToolProduct[] | null>(null)
  const [error, setError] = useState('')
  const history = useRef<ActionType>()

  const load = useCallback(() => {
    setError('')
    api.get<AdminToolProduct[]>('/toolProduct/lists').then(setRows, (e: Error) => setError(e.message))
    history.current?.reload()
  }, [])
  useEffect(load, [load])

  const save = async (p: AdminToolProduct, v: Form) => {
    try {
      await api.post('/toolProduct/save', {
        key: p.key,
        title: v.title,
        description: v.description ?? '',
        price_fen: fen(v.price_yuan),
        original_price_fen: fen(v.original_yuan),
        visible: v.visible,
        updated_at: p.updated_at
      })
      message.success(`${v.title}已保存`)
      load()
      return true
    } catch (e) {
      message.error((e as Error).message)
      return false
    }
  }

  if (error)
    return (
      <Result status="warning" title="付费工具加载失败" subTitle={error} extra={<Button onClick={load}>重试</Button>} />
    )
  if (!rows) return <Skeleton active style={{ padding: 24 }} />
  return (
    <PageContainer title="付费工具" content="改价只影响之后发起的购买；已下单未支付的按下单时的价格">
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Table<AdminToolProduct>
          rowKey="key"
          size="small"
          pagination={false}
          dataSource={rows}
          locale={{ emptyText: '还没有付费工具' }}
          columns={[
            { title: '名称', dataIndex: 'title' },
            { title: '简介', dataIndex: 'description', ellipsis: true },
            { title: '售价', dataIndex: 'price_fen', render: (v: number) => yuan(v) },
            { title: '原价', dataIndex: 'original_price_fen', render: (v: number | null) => (v ? yuan(v) : '-') },
            {
              title: '状态',
              dataIndex: 'visible',
              render: (v: boolean) => (v ? <Tag color="green">在售</Tag> : <Tag>已停售</Tag>)
            },
            { title: '更新时间', dataIndex: 'updated_at', render: time },
            {
              title: '操作',
              render: (_: unknown, p) => <ToolForm product={p} save={save} />
            }
          ]}
        />
        <ChangeHistory
          path="/toolProduct/history"
          actionRef={history}
          what={{ title: '付费工具', render: (r) => rows.find((p) => p.key === r.target_id)?.title ?? r.target_id }}
        />
      </Space>
    </PageContainer>
  )
}

/** One tool's price form, opened from its row's 编辑. */
function ToolForm({
  product: p,
  save
}: {
  product: AdminToolProduct
  save(p: AdminToolProduct, v: Form): Promise<boolean>
}) {
  const editing = useModalFormGuard()
  return (
    <ModalForm<Form>
      {...editing.props}
      title={`编辑：${p.title}`}
      width={480}
      trigger={<a>编辑</a>}
      initialValues={{
        title: p.title,
        description: p.description,
        price_yuan: p.price_fen / 100,
        original_yuan: (p.original_price_fen ?? 0) / 100,
        visible: p.visible
      }}
      modalProps={{ destroyOnClose: true }}
      submitter={{ searchConfig: { submitText: '保存', resetText: '取消' } }}
      onFinish={editing.finish((v: Form) => save(p, v))}
    >
      <ProFormText
        name="title"
        label="名称"
        rules={[
          { required: true, message: '请填写名称' },
          { max: 64, message: '名称最多 64 个字' }
        ]}
      />
      <ProFormTextArea name="description" label="简介" fieldProps={{ maxLength: 512, showCount: true }} />
      <ProFormDigit
        name="price_yuan"
        label="售价"
        extra="只影响之后发起的购买，已下单未支付的按下单时的价格"
        min={0.01}
        max={999_999}
        fieldProps={{ precision: 2, addonAfter: '元' }}
        rules={[{ required: true, message: '请填写售价' }]}
      />
      <ProFormDigit
        name="original_yuan"
        label="原价（划线价，不需要填 0）"
        min={0}
        max={999_999}
        fieldProps={{ precision: 2, addonAfter: '元' }}
      />
      <ProFormSwitch name="visible" label="在售" />
    </ModalForm>
  )
}
