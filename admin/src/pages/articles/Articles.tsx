import { PlusOutlined } from '@ant-design/icons'
import { type ActionType, PageContainer, type ProColumns, ProTable } from '@ant-design/pro-components'
import type { Paged } from '@contract'
import type { AdminArticleColumn, AdminArticleListItem } from '@contract/admin'
import { Button, Image, Popconfirm, Space, Tag } from 'antd'
import { useRef, useState } from 'react'

import { useRowAction } from '../../act'
import { api } from '../../api/client'
import { time } from '../../format'
import { useSession } from '../../session'
import { ArticleColumns } from './ArticleColumns'
import { ArticleEditor } from './ArticleEditor'

const STATUS: Record<AdminArticleListItem['status'], { text: string; color: string }> = {
  published: { text: '已发布', color: 'green' },
  pending: { text: '待审核', color: 'orange' },
  rejected: { text: '已驳回', color: 'default' }
}

/**
 * 文章: the editors' own articles and users' ones; columns, pin, recommend and hide. Users' articles are reviewed in 审核.
 */
export default function Articles() {
  const { can } = useSession()
  const table = useRef<ActionType>()
  const act = useRowAction(table)
  const editable = can('article.edit')
  const [editing, setEditing] = useState<number | 'new' | null>(null)
  const [columnsOpen, setColumnsOpen] = useState(false)
  const [columns, setColumns] = useState<AdminArticleColumn[]>([])

  const loadColumns = async () => {
    const { list } = await api.get<{ list: AdminArticleColumn[] }>('/article/columns')
    setColumns(list)
    return list
  }

  const flag = (
    a: AdminArticleListItem,
    change: Partial<Pick<AdminArticleListItem, 'pinned' | 'recommended' | 'visible'>>,
    done: string
  ) => act(() => api.post('/article/flags', { article_id: a.article_id, version: a.version, ...change }), done)

  const tableColumns: ProColumns<AdminArticleListItem>[] = [
    { title: '标题', dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: '文章标题' } },
    {
      title: '来源',
      dataIndex: 'source',
      hideInTable: true,
      valueType: 'select',
      valueEnum: { operator: { text: '后台撰写' }, user: { text: '用户投稿' } }
    },
    {
      title: '栏目',
      dataIndex: 'category_id',
      hideInTable: true,
      valueType: 'select',
      request: async () => (await loadColumns()).map((c) => ({ value: c.category_id, label: c.name }))
    },
    {
      title: '封面',
      dataIndex: 'cover',
      search: false,
      width: 80,
      render: (_, a) => (a.cover ? <Image src={a.cover} width={56} height={40} style={{ objectFit: 'cover' }} /> : '-')
    },
    {
      title: '文章',
      dataIndex: 'title',
      search: false,
      render: (_, a) => (
        <Space size={4} wrap>
          {a.pinned && <Tag color="orange">置顶</Tag>}
          {a.recommended && <Tag color="red">推荐</Tag>}
          {a.source === 'operator' && editable ? <a onClick={() => setEditing(a.article_id)}>{a.title}</a> : a.title}
        </Space>
      )
    },
    { title: '栏目', dataIndex: 'category_name', search: false, width: 100 },
    {
      title: '作者',
      dataIndex: 'author',
      search: false,
      width: 110,
      render: (_, a) => `${a.author}${a.source === 'user' ? '（用户）' : ''}`
    },
    {
      title: '状态',
      dataIndex: 'status',
      search: false,
      width: 120,
      render: (_, a) => (
        <Space size={4}>
          <Tag color={STATUS[a.status].color}>{STATUS[a.status].text}</Tag>
          {!a.visible && <Tag>已隐藏</Tag>}
        </Space>
      )
    },
    { title: '阅读/点赞', dataIndex: 'views', search: false, width: 100, render: (_, a) => `${a.views} / ${a.likes}` },
    { title: '发布时间', dataIndex: 'created_at', search: false, render: (_, a) => time(a.created_at) },
    {
      title: '操作',
      valueType: 'option',
      hideInTable: !editable,
      render: (_, a) => (
        <Space>
          {a.source === 'operator' && <a onClick={() => setEditing(a.article_id)}>编辑</a>}
          <a onClick={() => flag(a, { pinned: !a.pinned }, a.pinned ? '已取消置顶' : '已置顶')}>
            {a.pinned ? '取消置顶' : '置顶'}
          </a>
          <a onClick={() => flag(a, { recommended: !a.recommended }, a.recommended ? '已取消推荐' : '已推荐')}>
            {a.recommended ? '取消推荐' : '推荐'}
          </a>
          <Popconfirm
            title={a.visible ? '隐藏后 App 里不再显示这篇文章，确定？' : '重新在 App 显示这篇文章？'}
            onConfirm={() => flag(a, { visible: !a.visible }, a.visible ? '已隐藏' : '已显示')}
          >
            <a>{a.visible ? '隐藏' : '显示'}</a>
          </Popconfirm>
        </Space>
      )
    }
  ]

  return (
    <PageContainer
      title="文章"
      content="后台撰写的文章保存即发布；用户投稿在「审核」里处理，这里可置顶、推荐或隐藏。置顶的文章排在 App 列表最前。"
    >
      <ProTable<AdminArticleListItem>
        rowKey="article_id"
        actionRef={table}
        columns={tableColumns}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        pagination={{ defaultPageSize: 20 }}
        locale={{ emptyText: '还没有文章' }}
        request={async ({ current, pageSize, ...rest }) => {
          const data = await api.get<Paged<AdminArticleListItem>>('/article/lists', {
            ...rest,
            page: current,
            per_page: pageSize
          })
          return { data: data.list, total: data.total, success: true }
        }}
        toolBarRender={() => [
          editable && (
            <Button key="columns" onClick={() => setColumnsOpen(true)}>
              栏目管理
            </Button>
          ),
          editable && (
            <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              写文章
            </Button>
          )
        ]}
      />
      {editing !== null && (
        <ArticleEditor
          articleId={editing === 'new' ? null : editing}
          columns={columns}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null)
            table.current?.reload()
          }}
        />
      )}
      {columnsOpen && (
        <ArticleColumns
          onClose={() => {
            setColumnsOpen(false)
            void loadColumns()
            table.current?.reload()
          }}
        />
      )}
    </PageContainer>
  )
}
