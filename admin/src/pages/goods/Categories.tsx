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
  ProTable
} from '@ant-design/pro-components'
import type { AdminCategoryInput, AdminCategoryRow } from '@contract/admin'
import { Button, Image, Popconfirm, Space, Tag } from 'antd'
import { useRef, useState } from 'react'

import { useFormSave, useRowAction } from '../../act'
import { api } from '../../api/client'
import { SingleImageUpload } from '../../components/ImageUpload'
import { useSession } from '../../session'
import { useEditorGuard } from '../../unsaved'

/** Product categories: two levels, an icon, an order and whether the app shows them. */
export default function Categories() {
  const { can } = useSession()
  const table = useRef<ActionType>()
  const [rows, setRows] = useState<AdminCategoryRow[]>([])
  const [editing, setEditing] = useState<AdminCategoryRow | 'new' | null>(null)
  const guard = useEditorGuard()
  const save = useFormSave({ saved: () => (guard.saved(), setEditing(null), table.current?.reload()) })
  const editable = can('goods.edit')
  const tops = rows.filter((r) => r.parent_id === 0)

  const act = useRowAction(table)

  const columns: ProColumns<AdminCategoryRow>[] = [
    {
      title: '图标',
      dataIndex: 'image',
      width: 70,
      render: (_, c) => (c.image ? <Image src={c.image} width={36} height={36} style={{ objectFit: 'cover' }} /> : '-')
    },
    {
      title: '名称',
      dataIndex: 'name',
      render: (_, c) => (c.parent_id ? <span style={{ paddingLeft: 24 }}>└ {c.name}</span> : <b>{c.name}</b>)
    },
    {
      title: '上级',
      dataIndex: 'parent_id',
      width: 120,
      render: (_, c) => (c.parent_id ? (rows.find((r) => r.category_id === c.parent_id)?.name ?? '-') : '一级分类')
    },
    { title: '排序', dataIndex: 'sort', width: 80 },
    { title: '商品数', dataIndex: 'goods_count', width: 90 },
    {
      title: '状态',
      dataIndex: 'visible',
      width: 90,
      render: (_, c) => (c.visible ? <Tag color="green">显示</Tag> : <Tag>隐藏</Tag>)
    },
    {
      title: '操作',
      valueType: 'option',
      width: 140,
      hideInTable: !editable,
      render: (_, c) => (
        <Space>
          <a onClick={() => setEditing(c)}>编辑</a>
          <Popconfirm
            title={`删除分类「${c.name}」？`}
            onConfirm={() => act(() => api.post('/category/delete', { category_id: c.category_id }), '分类已删除')}
          >
            <a>删除</a>
          </Popconfirm>
        </Space>
      )
    }
  ]

  const current = editing && editing !== 'new' ? editing : null

  return (
    <PageContainer
      title="商品分类"
      content="分类最多两级；隐藏的分类和它的子分类不在 App 里显示。还有商品的分类不能删除。"
    >
      <ProTable<AdminCategoryRow>
        rowKey="category_id"
        actionRef={table}
        columns={columns}
        search={false}
        pagination={false}
        request={async () => {
          const { list } = await api.get<{ list: AdminCategoryRow[] }>('/category/lists')
          setRows(list)
          // Children right under their parent, each level in its sort order.
          const ordered = list
            .filter((t) => t.parent_id === 0)
            .flatMap((t) => [t, ...list.filter((r) => r.parent_id === t.category_id)])
          return { data: ordered, success: true }
        }}
        toolBarRender={() => [
          editable && (
            <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              新增分类
            </Button>
          )
        ]}
      />
      <ModalForm<AdminCategoryInput>
        key={current?.category_id ?? 'new'}
        title={current ? `编辑分类「${current.name}」` : '新增分类'}
        width={480}
        open={editing !== null}
        modalProps={{ destroyOnClose: true, onCancel: () => guard.close(() => setEditing(null)) }}
        onValuesChange={guard.changed}
        initialValues={current ?? { parent_id: 0, sort: 0, visible: true, image: '' }}
        onFinish={(values) => {
          const body = { ...values, image: values.image ?? '' }
          return save(
            () =>
              current
                ? api.post('/category/edit', { ...body, category_id: current.category_id })
                : api.post('/category/add', body),
            current ? '分类已保存' : '分类已新增'
          )
        }}
      >
        <ProFormText
          name="name"
          label="分类名称"
          rules={[
            { required: true, message: '请填写分类名称' },
            { max: 32, message: '不超过 32 个字' }
          ]}
        />
        <ProFormSelect
          name="parent_id"
          label="上级分类"
          options={[
            { value: 0, label: '无（一级分类）' },
            ...tops
              .filter((t) => t.category_id !== current?.category_id)
              .map((t) => ({ value: t.category_id, label: t.name }))
          ]}
        />
        <ProFormItem name="image" label="图标">
          <SingleImageUpload />
        </ProFormItem>
        <ProFormDigit
          name="sort"
          label="排序"
          tooltip="数字小的排在前面"
          min={0}
          max={99999}
          fieldProps={{ precision: 0 }}
        />
        <ProFormSwitch name="visible" label="在 App 显示" />
      </ModalForm>
    </PageContainer>
  )
}
