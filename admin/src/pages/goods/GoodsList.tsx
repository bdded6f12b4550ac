import { PlusOutlined } from '@ant-design/icons'
import { type ActionType, PageContainer, type ProColumns, ProTable } from '@ant-design/pro-components'
import type { Paged } from '@contract'
import type { AdminCategoryRow, AdminGoodsQuery, AdminGoodsRow } from '@contract/admin'
import { Button, Image, Popconfirm, Space, Tag } from 'antd'
import { useRef, useState } from 'react'
import { Link, useNavigate } from 'react-router-dom'

import { useRowAction } from '../../act'
import { api } from '../../api/client'
import { time, yuan } from '../../format'
import { useSession } from '../../session'
import { StockModal } from './StockModal'

const SORTS = {
  newest: { text: '最新创建' },
  sales: { text: '销量从高到低' },
  price_asc: { text: '价格从低到高' },
  price_desc: { text: '价格从高到低' },
  stock: { text: '库存从少到多' }
}

const priceRange = (g: AdminGoodsRow) =>
  g.price_min === g.price_max ? yuan(g.price_min) : `${yuan(g.price_min)} ~ ${yuan(g.price_max)}`

/** Products: search, filter by category and shelf state, sort; on/off shelf and stock from the list. */
export default function GoodsList() {
  const { can } = useSession()
  const navigate = useNavigate()
  const table = useRef<ActionType>()
  const [stockOf, setStockOf] = useState<AdminGoodsRow | null>(null)
  const editable = can('goods.edit')

  const act = useRowAction(table)

  const columns: ProColumns<AdminGoodsRow>[] = [
    { title: '商品名称', dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: '按名称搜索' } },
    {
      title: '分类',
      dataIndex: 'category_id',
      hideInTable: true,
      valueType: 'select',
      request: async () =>
        (await api.get<{ list: AdminCategoryRow[] }>('/category/lists')).list.map((c) => ({
          value: c.category_id,
          label: c.parent_id ? `└ ${c.name}` : c.name
        }))
    },
    {
      title: '状态',
      dataIndex: 'on_shelf',
      hideInTable: true,
      valueType: 'select',
      valueEnum: { true: { text: '出售中' }, false: { text: '已下架' } }
    },
    {
      title: '排序',
      dataIndex: 'sort',
      hideInTable: true,
      valueType: 'select',
      valueEnum: SORTS,
      initialValue: 'newest'
    },
    {
      title: '图片',
      dataIndex: 'image',
      search: false,
      width: 72,
      render: (_, g) => (g.image ? <Image src={g.image} width={48} height={48} style={{ objectFit: 'cover' }} /> : '-')
    },
    {
      title: '商品',
      dataIndex: 'name',
      search: false,
      ellipsis: true,
      render: (_, g) => <Link to={`/goods/${g.goods_id}`}>{g.name}</Link>
    },
    { title: '分类', dataIndex: 'category_name', search: false, width: 110 },
    { title: '价格', dataIndex: 'price_min', search: false, width: 170, render: (_, g) => priceRange(g) },
    {
      title: '库存',
      dataIndex: 'stock',
      search: false,
      width: 80,
      render: (_, g) => (g.stock > 0 ? g.stock : <Tag color="red">售罄</Tag>)
    },
    { title: '销量', dataIndex: 'sales', search: false, width: 80 },
    { title: 'SKU', dataIndex: 'sku_count', search: false, width: 60 },
    {
      title: '状态',
      dataIndex: 'shelf',
      search: false,
      width: 90,
      render: (_, g) => (g.on_shelf ? <Tag color="green">出售中</Tag> : <Tag>已下架</Tag>)
    },
    { title: '创建时间', dataIndex: 'created_at', search: false, width: 170, render: (_, g) => time(g.created_at) },
    {
      title: '操作',
      valueType: 'option',
      width: 170,
      fixed: 'right',
      render: (_, g) => (
        <Space>
          <Link to={`/goods/${g.goods_id}`}>{editable ? '编辑' : '查看'}</Link>
          {editable && (
            <Popconfirm
              title={g.on_shelf ? '下架后 App 里不再显示该商品，确定？' : '上架该商品？'}
              onConfirm={() =>
                act(
                  () =>
                    api.post('/goods/shelf', { goods_id: g.goods_id, updated_at: g.updated_at, on_shelf: !g.on_shelf }),
                  g.on_shelf ? '已下架' : '已上架'
                )
              }
            >
              <a>{g.on_shelf ? '下架' : '上架'}</a>
            </Popconfirm>
          )}
          <a onClick={() => setStockOf(g)}>库存</a>
        </Space>
      )
    }
  ]

  return (
    <PageContainer title="商品管理">
      <ProTable<AdminGoodsRow>
        rowKey="goods_id"
        actionRef={table}
        columns={columns}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        scroll={{ x: 1250 }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true, pageSizeOptions: [10, 20, 50] }}
        request={async ({ current, pageSize, keyword, category_id, on_shelf, sort }) => {
          const query: AdminGoodsQuery = { keyword, category_id, on_shelf, sort, page: current, per_page: pageSize }
          const data = await api.get<Paged<AdminGoodsRow>>('/goods/lists', { ...query })
          return { data: data.list, total: data.total, success: true }
        }}
        toolBarRender={() => [
          editable && (
            <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => navigate('/goods/new')}>
              新增商品
            </Button>
          )
        ]}
      />
      <StockModal
        goods={stockOf}
        editable={editable}
        onClose={() => setStockOf(null)}
        onChanged={() => table.current?.reload()}
      />
    </PageContainer>
  )
}
