import { PlusOutlined } from '@ant-design/icons'
import {
  type ActionType,
  ModalForm,
  PageContainer,
  type ProColumns,
  ProFormDigit,
  ProFormItem,
  ProFormSelect,
  ProFormSwitch,
  ProFormText,
  ProFormTextArea,
  ProTable
} from '@ant-design/pro-components'
import type { AdminConsultService } from '@contract/admin'
import { Button, Image, Tag } from 'antd'
import { useRef, useState } from 'react'

import { useFormSave } from '../../act'
import { api } from '../../api/client'
import { SingleImageUpload } from '../../components/ImageUpload'
import { time, yuan } from '../../format'
import { useSession } from '../../session'
import { useEditorGuard } from '../../unsaved'

const KIND: Record<AdminConsultService['kind'], string> = { consult: '咨询服务', plan: '专业规划', house: '家居风水' }
const KIND_OPTIONS = Object.entries(KIND).map(([value, label]) => ({ value, label }))

type FormValues = Omit<AdminConsultService, 'service_id' | 'price_fen' | 'teachers' | 'version' | 'updated_at'> & {
  price_yuan: number
}

/** 咨询服务: what users book with a teacher — price, duration, description, on or off the shelf. */
export default function ConsultServices() {
  const { can } = useSession()
  const table = useRef<ActionType>()
  const [editing, setEditing] = useState<AdminConsultService | 'new' | null>(null)
  const guard = useEditorGuard()
  const save = useFormSave({ saved: () => (guard.saved(), setEditing(null), table.current?.reload()) })
  const editable = can('teacher.edit')
  const current = editing && editing !== 'new' ? editing : null

  const columns: ProColumns<AdminConsultService>[] = [
    {
      title: '类型',
      dataIndex: 'kind',
      valueType: 'select',
      valueEnum: Object.fromEntries(Object.entries(KIND).map(([k, text]) => [k, { text }])),
      width: 100
    },
    {
      title: '封面',
      dataIndex: 'cover',
      search: false,
      width: 80,
      render: (_, s) => (s.cover ? <Image src={s.cover} width={56} height={40} style={{ objectFit: 'cover' }} /> : '-')
    },
    {
      title: '服务',
      dataIndex: 'title',
      search: false,
      render: (_, s) => (editable ? <a onClick={() => setEditing(s)}>{s.title}</a> : s.title)
    },
    { title: '价格', dataIndex: 'price_fen', search: false, render: (_, s) => yuan(s.price_fen) },
    { title: '时长', dataIndex: 'duration_min', search: false, render: (_, s) => `${s.duration_min} 分钟` },
    {
      title: '老师',
      dataIndex: 'teachers',
      search: false,
      render: (_, s) =>
        s.teachers.length ? (
          s.teachers.map((t) => <Tag key={t.teacher_id}>{t.name}</Tag>)
        ) : (
          <Tag color="red">无老师</Tag>
        )
    },
    {
      title: '状态',
      dataIndex: 'visible',
      search: false,
      render: (_, s) => (s.visible ? <Tag color="green">上架</Tag> : <Tag>下架</Tag>)
    },
    { title: '更新时间', dataIndex: 'updated_at', search: false, render: (_, s) => time(s.updated_at) },
    {
      title: '操作',
      valueType: 'option',
      hideInTable: !editable,
      render: (_, s) => <a onClick={() => setEditing(s)}>编辑</a>
    }
  ]

  return (
    <PageContainer
      title="咨询服务"
      content="服务的价格、时长和介绍；哪些老师提供它在「老师」里设置。下架的服务不在 App 显示，也不能再预约，已有的预约不受影响。"
    >
      <ProTable<AdminConsultService>
        rowKey="service_id"
        actionRef={table}
        columns={columns}
        search={{ labelWidth: 'auto' }}
        pagination={false}
        locale={{ emptyText: '还没有服务' }}
        request={async ({ kind }) => {
          const { list } = await api.get<{ list: AdminConsultService[] }>('/consult/lists', { kind })
          return { data: list, success: true }
        }}
        toolBarRender={() => [
          editable && (
            <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              新增服务
            </Button>
          )
        ]}
      />
      <ModalForm<FormValues>
        key={current?.service_id ?? 'new'}
        title={current ? `编辑服务「${current.title}」` : '新增服务'}
        width={620}
        open={editing !== null}
        modalProps={{ destroyOnClose: true, onCancel: () => guard.close(() => setEditing(null)) }}
        onValuesChange={guard.changed}
        initialValues={
          current
            ? { ...current, price_yuan: current.price_fen / 100 }
            : { kind: 'consult', duration_min: 60, sort: 0, visible: true }
        }
        onFinish={async ({ price_yuan, ...values }) => {
          const body = { ...values, cover: values.cover ?? '', price_fen: Math.round(price_yuan * 100) }
          return save(
            () =>
              current
                ? api.post('/consult/edit', { ...body, service_id: current.service_id, version: current.version })
                : api.post('/consult/add', body),
            current ? '服务已保存' : '服务已新增'
          )
        }}
      >
        <ProFormSelect
          name="kind"
          label="类型"
          options={KIND_OPTIONS}
          rules={[{ required: true, message: '请选择类型' }]}
        />
        <ProFormText
          name="title"
          label="服务名称"
          rules={[
            { required: true, message: '请填写服务名称' },
            { max: 64, message: '不超过 64 个字' }
          ]}
        />
        <ProFormText name="summary" label="一句话简介" rules={[{ max: 200, message: '不超过 200 个字' }]} />
        <ProFormDigit
          name="price_yuan"
          label="价格"
          min={0.01}
          max={100_000}
          fieldProps={{ precision: 2, addonAfter: '元' }}
          rules={[{ required: true, message: '请填写价格' }]}
        />
        <ProFormDigit
          name="duration_min"
          label="时长"
          min={5}
          max={600}
          fieldProps={{ precision: 0, addonAfter: '分钟' }}
          rules={[{ required: true, message: '请填写时长' }]}
        />
        <ProFormItem name="cover" label="封面">
          <SingleImageUpload />
        </ProFormItem>
        <ProFormTextArea
          name="content"
          label="服务详情"
          fieldProps={{ rows: 6, maxLength: 5000, showCount: true }}
          placeholder="段落之间空一行"
        />
        <ProFormDigit
          name="sort"
          label="排序"
          tooltip="数字小的排在前面"
          min={0}
          max={9999}
          fieldProps={{ precision: 0 }}
        />
        <ProFormSwitch name="visible" label="上架" extra="下架后不再接受新的预约" />
      </ModalForm>
    </PageContainer>
  )
}
