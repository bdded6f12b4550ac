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
import type { AdminHomeKind, AdminHomeRow } from '@contract/admin'
import { App, Button, Image, Popconfirm, Space, Switch, Tabs, Tag } from 'antd'
import { useEffect, useRef, useState } from 'react'

import { api } from '../api/client'
import { SingleImageUpload } from '../components/ImageUpload'
import { HOME_KIND_TEXT, yuan } from '../format'
import { useEditorGuard } from '../unsaved'

const LINK_HELP = '小程序内页面路径（如 /pages/course/index、/goods/pages/goods/goods?id=1）或 http(s) 网址'
const KINDS = Object.keys(HOME_KIND_TEXT) as AdminHomeKind[]

/** The fields of each kind's form (the server checks them again). */
function Fields({ kind, sections }: { kind: AdminHomeKind; sections: AdminHomeRow[] }) {
  const image = kind === 'nav' ? 'icon' : 'image'
  return (
    <>
      {kind === 'item' && (
        <ProFormSelect
          name="section_key"
          label="所属栏目"
          options={sections.map((s) => ({ value: s.key, label: s.title }))}
          rules={[{ required: true, message: '请选择栏目' }]}
        />
      )}
      {kind === 'section' && (
        <ProFormText
          name="key"
          label="栏目标识"
          tooltip="创建后不能修改"
          rules={[
            { required: true, pattern: /^[a-z][a-z0-9_]{1,31}$/, message: '2-32 位小写字母、数字或下划线，字母开头' }
          ]}
        />
      )}
      <ProFormText
        name="title"
        label="标题"
        rules={[
          { required: true, whitespace: true, message: '请填写标题' },
          { max: kind === 'nav' ? 16 : 64, message: '标题过长' }
        ]}
      />
      {kind === 'item' && (
        <ProFormText name="subtitle" label="副标题" rules={[{ max: 128, message: '最多 128 个字' }]} />
      )}
      {(kind === 'banner' || kind === 'nav' || kind === 'item') && (
        <ProFormItem
          name={image}
          label={kind === 'nav' ? '图标' : '图片'}
          tooltip="上传 JPG、PNG、GIF 或 WebP（不超过 5MB），或粘贴图片网址"
          rules={[
            { required: kind !== 'item', message: kind === 'nav' ? '请上传图标' : '请上传图片' },
            { pattern: /^(https?:\/\/|\/(?!\/))\S+$/, message: '应为图片网址或以 / 开头的站内路径' }
          ]}
        >
          <SingleImageUpload />
        </ProFormItem>
      )}
      {kind === 'section' ? (
        <ProFormText name="more_url" label="“更多”链接" tooltip={LINK_HELP} />
      ) : (
        <ProFormText
          name="url"
          label="跳转链接"
          tooltip={LINK_HELP}
          rules={kind === 'nav' || kind === 'item' ? [{ required: true, message: '请填写跳转链接' }] : []}
        />
      )}
      {kind === 'item' && (
        <Space>
          <ProFormDigit name="price_yuan" label="价格（元，可空）" min={0} fieldProps={{ precision: 2 }} />
          <ProFormText name="tag" label="标签" rules={[{ max: 16, message: '最多 16 个字' }]} />
        </Space>
      )}
      <Space>
        <ProFormDigit name="sort" label="排序（小的在前）" fieldProps={{ precision: 0 }} />
        <ProFormSwitch name="visible" label="显示" />
      </Space>
    </>
  )
}

function KindTable({
  kind,
  sections,
  onChanged
}: {
  kind: AdminHomeKind
  sections: AdminHomeRow[]
  onChanged: () => void
}) {
  const { message } = App.useApp()
  const table = useRef<ActionType>()
  const [editing, setEditing] = useState<Partial<AdminHomeRow> | null>(null)
  const guard = useEditorGuard()
  const name = HOME_KIND_TEXT[kind]

  const post = async (path: string, values: Record<string, unknown>, done: string) => {
    try {
      await api.post(`/home/${kind}/${path}`, values)
      message.success(done)
      table.current?.reload()
      onChanged()
      return true
    } catch (e) {
      message.error((e as Error).message)
      return false
    }
  }
  const save = (row: Partial<AdminHomeRow>, values: Record<string, unknown>) => {
    const { price_yuan, ...rest } = values as { price_yuan?: number | null }
    const price =
      kind === 'item'
        ? { price_fen: price_yuan === undefined || price_yuan === null ? '' : Math.round(price_yuan * 100) }
        : {}
    return post('save', { ...rest, ...price, id: row.id, updated_at: row.updated_at }, `${name}已保存，首页已更新`)
  }

  const columns: ProColumns<AdminHomeRow>[] = [
    { title: '排序', dataIndex: 'sort', width: 70 },
    ...(kind === 'banner' || kind === 'nav' || kind === 'item'
      ? [
          {
            title: '图片',
            dataIndex: 'image_url',
            width: 90,
            render: (_: unknown, r: AdminHomeRow) =>
              r.image_url ? <Image src={r.image_url} width={kind === 'banner' ? 80 : 40} /> : '-'
          }
        ]
      : []),
    { title: '标题', dataIndex: 'title' },
    ...(kind === 'section' ? [{ title: '标识', dataIndex: 'key' }] : []),
    ...(kind === 'item'
      ? [
          {
            title: '栏目',
            dataIndex: 'section_key',
            render: (_: unknown, r: AdminHomeRow) =>
              sections.find((s) => s.key === r.section_key)?.title ?? r.section_key
          },
          {
            title: '价格',
            dataIndex: 'price_fen',
            render: (_: unknown, r: AdminHomeRow) =>
              r.price_fen === null || r.price_fen === undefined ? '-' : yuan(r.price_fen)
          }
        ]
      : []),
    {
      title: '链接',
      dataIndex: kind === 'section' ? 'more_url' : 'url',
      ellipsis: true,
      render: (_, r) => (kind === 'section' ? r.more_url : r.url) || '-'
    },
    {
      title: '显示',
      dataIndex: 'visible',
      width: 80,
      render: (_, r) => (
        <Switch size="small" checked={r.visible} onChange={(visible) => void save(r, { ...formValues(r), visible })} />
      )
    },
    {
      title: '操作',
      valueType: 'option',
      width: 120,
      render: (_, r) => (
        <Space>
          <a onClick={() => setEditing(r)}>编辑</a>
          <Popconfirm
            title={`删除这条${name}？`}
            onConfirm={() => post('delete', { id: r.id, updated_at: r.updated_at }, '已删除')}
          >
            <a style={{ color: '#cf1322' }}>删除</a>
          </Popconfirm>
        </Space>
      )
    }
  ]
  return (
    <>
      <ProTable<AdminHomeRow>
        rowKey="id"
        actionRef={table}
        columns={columns}
        search={false}
        pagination={false}
        headerTitle={kind === 'notice' ? '公告在首页轮播图下方逐条显示' : undefined}
        toolBarRender={() => [
          <Button
            key="add"
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing({ sort: 0, visible: true })}
          >
            新增{name}
          </Button>
        ]}
        request={async () => {
          const data = await api.get<{ list: AdminHomeRow[] }>(`/home/${kind}/lists`)
          return { data: data.list, success: true }
        }}
      />
      <ModalForm
        title={`${editing?.id ? '编辑' : '新增'}${name}`}
        width={520}
        open={Boolean(editing)}
        initialValues={editing ? formValues(editing) : undefined}
        modalProps={{ destroyOnClose: true, onCancel: () => guard.close(() => setEditing(null)) }}
        onValuesChange={guard.changed}
        submitter={{ searchConfig: { submitText: '保存', resetText: '取消' } }}
        onFinish={async (values) => {
          const ok = await save(editing!, values)
          if (ok) {
            guard.saved()
            setEditing(null)
          }
          return ok
        }}
      >
        <Fields kind={kind} sections={sections} />
      </ModalForm>
    </>
  )
}

/** A row as its form edits it (the icon of a nav is its image; prices in yuan). */
function formValues(r: Partial<AdminHomeRow>): Record<string, unknown> {
  const { image, price_fen, ...rest } = r
  return {
    ...rest,
    ...(image !== undefined ? { image, icon: image } : {}),
    price_yuan: price_fen === null || price_fen === undefined ? undefined : price_fen / 100
  }
}

/** What the app's home screen shows: banners, the icon grid, notices, recommended sections and their items. */
export default function HomeContent() {
  const [sections, setSections] = useState<AdminHomeRow[]>([])
  const loadSections = () =>
    void api.get<{ list: AdminHomeRow[] }>('/home/section/lists').then(
      (d) => setSections(d.list),
      () => undefined
    )
  useEffect(loadSections, [])
  return (
    <PageContainer title="首页内容" content={<Tag color="blue">保存后 App 首页立即更新</Tag>}>
      <Tabs
        destroyInactiveTabPane
        items={KINDS.map((kind) => ({
          key: kind,
          label: HOME_KIND_TEXT[kind],
          children: <KindTable kind={kind} sections={sections} onChanged={loadSections} />
        }))}
      />
    </PageContainer>
  )
}
