import { PlusOutlined } from '@ant-design/icons'
import { type ActionType, PageContainer, type ProColumns, ProTable } from '@ant-design/pro-components'
import type {
  AdminCategoryRow,
  AdminGoodsBatchAction,
  AdminGoodsList,
  AdminGoodsQuery,
  AdminGoodsRow,
  AdminGoodsTab
} from '@contract/admin'
import { App, Button, Image, Popconfirm, Space, Tag } from 'antd'
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

const TABS: { key: AdminGoodsTab; label: string }[] = [
  { key: 'selling', label: '出售中' },
  { key: 'warehouse', label: '仓库中' },
  { key: 'sold_out', label: '已售罄' },
  { key: 'bin', label: '回收站' }
]

/** The batch buttons each tab offers, with what the confirmation and the success say. */
const BATCH: Record<AdminGoodsBatchAction, { label: string; confirm: string; done: string; danger?: boolean }> = {
  on_shelf: { label: '批量上架', confirm: '上架所选商品？', done: '已上架' },
  off_shelf: { label: '批量下架', confirm: '下架后 App 里不再显示所选商品，确定？', done: '已下架' },
  trash: {
    label: '移入回收站',
    confirm: '移入回收站的商品会下架并从 App 中消失，可在回收站恢复，确定？',
    done: '已移入回收站',
    danger: true
  },
  restore: { label: '恢复', confirm: '恢复到仓库中（下架状态）？', done: '已恢复到仓库中' }
}
const TAB_ACTIONS: Record<AdminGoodsTab, AdminGoodsBatchAction[]> = {
  selling: ['off_shelf', 'trash'],
  warehouse: ['on_shelf', 'trash'],
  sold_out: ['off_shelf', 'trash'],
  bin: ['restore']
}

const priceRange = (g: AdminGoodsRow) =>
  g.price_min === g.price_max ? yuan(g.price_min) : `${yuan(g.price_min)} ~ ${yuan(g.price_max)}`

/**
 * Products by tab (出售中 / 仓库中 / 已售罄 / 回收站, each counted): search, filter by category and 库存预警, sort;
 * on/off shelf and stock from a row, and batch changes of the selected rows.
 */
export default function GoodsList() {
  const { can } = useSession()
  const { message } = App.useApp()
  const navigate = useNavigate()
  const table = useRef<ActionType>()
  const [stockOf, setStockOf] = useState<AdminGoodsRow | null>(null)
  const [tab, setTab] = useState<AdminGoodsTab>('selling')
  const [counts, setCounts] = useState<AdminGoodsList['counts'] | null>(null)
  const [selected, setSelected] = useState<AdminGoodsRow[]>([])
  const [busy, setBusy] = useState(false)
  const editable = can('goods.edit')

  const act = useRowAction(table)

  const runBatch = async (action: AdminGoodsBatchAction) => {
    setBusy(true)
    try {
      await api.post('/goods/batch', {
        action,
        goods: selected.map((g) => ({ goods_id: g.goods_id, updated_at: g.updated_at }))
      })
      message.success(`${BATCH[action].done}（${selected.length} 件）`)
      setSelected([])
    } catch (e) {
      message.error((e as Error).message)
    } finally {
      setBusy(false)
      table.current?.reload()
    }
  }

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
      title: '库存预警',
      dataIndex: 'low_stock',
      hideInTable: true,
      valueType: 'select',
      valueEnum: { true: { text: '只看库存预警的商品' } },
      tooltip: '某个规格的库存已降到所设的预警数及以下'
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
      width: 130,
      render: (_, g) => (
        <Space size={4}>
          {g.stock > 0 ? g.stock : <Tag color="red">售罄</Tag>}
          {g.low_stock && <Tag color="orange">库存预警</Tag>}
        </Space>
      )
    },
    { title: '销量', dataIndex: 'sales', search: false, width: 80 },
    { title: 'SKU', dataIndex: 'sku_count', search: false, width: 60 },
    {
      title: '状态',
      dataIndex: 'shelf',
      search: false,
      width: 90,
      render: (_, g) =>
        g.deleted_at ? (
          <Tag color="default">回收站</Tag>
        ) : g.on_shelf ? (
          g.stock > 0 ? (
            <Tag color="green">出售中</Tag>
          ) : (
            <Tag color="red">已售罄</Tag>
          )
        ) : (
          <Tag>仓库中</Tag>
        )
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
          {editable && !g.deleted_at && (
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
        params={{ tab }}
        toolbar={{
          menu: {
            type: 'tab',
            activeKey: tab,
            items: TABS.map((t) => ({ key: t.key, label: `${t.label}${counts ? ` (${counts[t.key]})` : ''}` })),
            onChange: (key) => {
              setSelected([])
              setTab(key as AdminGoodsTab)
            }
          }
        }}
        rowSelection={
          editable && {
            selectedRowKeys: selected.map((g) => g.goods_id),
            onChange: (_, rows) => setSelected(rows)
          }
        }
        tableAlertRender={({ selectedRowKeys }) => `已选 ${selectedRowKeys.length} 件商品`}
        tableAlertOptionRender={() => (
          <Space>
            {TAB_ACTIONS[tab].map((action) => (
              <Popconfirm key={action} title={BATCH[action].confirm} onConfirm={() => runBatch(action)} disabled={busy}>
                <Button size="small" danger={BATCH[action].danger} loading={busy}>
                  {BATCH[action].label}
                </Button>
              </Popconfirm>
            ))}
            <a onClick={() => setSelected([])}>取消选择</a>
          </Space>
        )}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        scroll={{ x: 1250 }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true, pageSizeOptions: [10, 20, 50] }}
        request={async ({ current, pageSize, keyword, category_id, low_stock, sort }) => {
          const query: AdminGoodsQuery = {
            keyword,
            category_id,
            tab,
            low_stock: low_stock === 'true' || low_stock === true || undefined,
            sort,
            page: current,
            per_page: pageSize
          }
          const data = await api.get<AdminGoodsList>('/goods/lists', { ...query })
          setCounts(data.counts)
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
