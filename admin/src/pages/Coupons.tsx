import { PlusOutlined } from '@ant-design/icons'
import {
  type ActionType,
  ModalForm,
  PageContainer,
  type ProColumns,
  ProFormDateTimeRangePicker,
  ProFormDependency,
  ProFormDigit,
  ProFormRadio,
  ProFormSelect,
  ProFormText,
  ProFormTextArea,
  ProTable
} from '@ant-design/pro-components'
import type { Paged } from '@contract'
import type {
  AdminCategoryRow,
  AdminCouponClaimRow,
  AdminCouponInput,
  AdminCouponRow,
  AdminCouponScope,
  AdminGoodsRow
} from '@contract/admin'
import { App, Button, Drawer, Popconfirm, Space, Tag } from 'antd'
import { useRef, useState } from 'react'

import { useRowAction } from '../act'
import { api } from '../api/client'
import { time } from '../format'

/** Each top category followed by its own sub-categories, indented under it, as the shop shows them. */
function categoryOptions(rows: AdminCategoryRow[]): { value: number; label: string }[] {
  const bySort = (a: AdminCategoryRow, b: AdminCategoryRow) => a.sort - b.sort || a.category_id - b.category_id
  const tops = rows.filter((c) => c.parent_id === 0).sort(bySort)
  const known = new Set(tops.map((c) => c.category_id))
  return [
    ...tops.flatMap((top) => [
      { value: top.category_id, label: top.name },
      ...rows
        .filter((c) => c.parent_id === top.category_id)
        .sort(bySort)
        .map((c) => ({ value: c.category_id, label: `\u3000└ ${c.name}` }))
    ]),
    // A sub-category whose parent is gone still shows, unindented.
    ...rows
      .filter((c) => c.parent_id !== 0 && !known.has(c.parent_id))
      .map((c) => ({ value: c.category_id, label: c.name }))
  ]
}
import { useSession } from '../session'
import { useModalFormGuard } from '../unsaved'

const CLAIM_STATUS: Record<AdminCouponClaimRow['status'], { text: string; color: string }> = {
  unused: { text: '未使用', color: 'blue' },
  used: { text: '已使用', color: 'green' },
  expired: { text: '已过期', color: 'default' }
}

/** The coupon's rule as the shopper reads it: 满100减20, 无门槛减10, 满99享8.5折. */
function ruleText(c: AdminCouponRow): string {
  const threshold = c.min_spend > 0 ? `满${c.min_spend / 100}` : '无门槛'
  if (c.type === 'amount') return `${threshold}减${c.amount / 100}`
  return (
    `${threshold}${c.min_spend > 0 ? '享' : ''}${c.discount / 10}折` +
    `${c.max_discount ? `（最多减${c.max_discount / 100}）` : ''}`
  )
}

function stateOf(c: AdminCouponRow): { text: string; color: string } {
  const now = Date.now()
  if (!c.issuing) return { text: '已停发', color: 'default' }
  if (Date.parse(c.end_at) <= now) return { text: '已结束', color: 'default' }
  if (Date.parse(c.start_at) > now) return { text: '未开始', color: 'orange' }
  if (c.claimed >= c.total) return { text: '已领完', color: 'purple' }
  return { text: '发放中', color: 'green' }
}

interface FormValues {
  name: string
  type: AdminCouponInput['type']
  amount_yuan?: number
  discount_zhe?: number
  max_discount_yuan?: number
  min_spend_yuan?: number
  scope: AdminCouponScope
  scope_ids?: number[]
  /** Picked products with their names (kept while the search shows other products). */
  scope_goods?: { value: number; label: string }[]
  window: [string, string]
  validity: 'window' | 'days'
  valid_days?: number
  total: number
  per_user_limit: number
  description?: string
}

const fen = (yuanValue?: number) => Math.round((yuanValue ?? 0) * 100)

/** Coupons offered in the app's 领券中心: create 满减 or 折扣, stop issuing, see claims and uses. */
export default function Coupons() {
  const { can } = useSession()
  const table = useRef<ActionType>()
  const [claimsOf, setClaimsOf] = useState<AdminCouponRow | null>(null)
  const editable = can('coupon.edit')

  const act = useRowAction(table)

  const columns: ProColumns<AdminCouponRow>[] = [
    { title: '名称', dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: '按名称搜索' } },
    { title: '优惠券', dataIndex: 'name', search: false, ellipsis: true },
    {
      title: '类型',
      dataIndex: 'type',
      search: false,
      width: 70,
      render: (_, c) => (c.type === 'amount' ? '满减' : '折扣')
    },
    { title: '规则', dataIndex: 'rule', search: false, width: 190, render: (_, c) => ruleText(c) },
    {
      title: '范围',
      dataIndex: 'scope',
      search: false,
      width: 120,
      render: (_, c) =>
        c.scope === 'all' ? '全场' : `指定${c.scope === 'goods' ? '商品' : '分类'} ${c.scope_ids.length} 个`
    },
    {
      title: '领取时间',
      dataIndex: 'start_at',
      search: false,
      width: 260,
      render: (_, c) => `${time(c.start_at)} ~ ${time(c.end_at)}`
    },
    {
      title: '有效期',
      dataIndex: 'valid_days',
      search: false,
      width: 110,
      render: (_, c) => (c.valid_days ? `领取后 ${c.valid_days} 天` : '同领取时间')
    },
    {
      title: '已领/总量',
      dataIndex: 'claimed',
      search: false,
      width: 100,
      render: (_, c) => `${c.claimed} / ${c.total}`
    },
    { title: '已使用', dataIndex: 'used', search: false, width: 80 },
    { title: '每人限领', dataIndex: 'per_user_limit', search: false, width: 80 },
    {
      title: '状态',
      dataIndex: 'issuing',
      search: false,
      width: 90,
      render: (_, c) => <Tag color={stateOf(c).color}>{stateOf(c).text}</Tag>
    },
    {
      title: '操作',
      valueType: 'option',
      width: 140,
      fixed: 'right',
      render: (_, c) => (
        <Space>
          <a onClick={() => setClaimsOf(c)}>领取记录</a>
          {editable && c.issuing && (
            <Popconfirm
              title="停止发放后领券中心不再显示该券，已领取的仍可使用。确定？"
              onConfirm={() =>
                act(() => api.post('/coupon/stop', { coupon_id: c.coupon_id }), '已停止发放，已领取的券仍可使用')
              }
            >
              <a>停发</a>
            </Popconfirm>
          )}
        </Space>
      )
    }
  ]

  return (
    <PageContainer
      title="优惠券"
      content="在这里创建的优惠券出现在 App 的领券中心；停发后不再显示，已领取的券到期前仍可使用。"
    >
      <ProTable<AdminCouponRow>
        rowKey="coupon_id"
        actionRef={table}
        columns={columns}
        search={{ labelWidth: 'auto' }}
        scroll={{ x: 1400 }}
        pagination={{ defaultPageSize: 20 }}
        request={async ({ current, pageSize, keyword }) => {
          const data = await api.get<Paged<AdminCouponRow>>('/coupon/lists', {
            keyword,
            page: current,
            per_page: pageSize
          })
          return { data: data.list, total: data.total, success: true }
        }}
        toolBarRender={() => [editable && <CouponForm key="add" onCreated={() => table.current?.reload()} />]}
      />
      <Drawer
        title={claimsOf ? `领取记录：${claimsOf.name}` : ''}
        open={claimsOf !== null}
        onClose={() => setClaimsOf(null)}
        width={760}
        destroyOnClose
      >
        {claimsOf && (
          <ProTable<AdminCouponClaimRow>
            rowKey="id"
            size="small"
            search={false}
            options={false}
            pagination={{ defaultPageSize: 20 }}
            request={async ({ current, pageSize }) => {
              const data = await api.get<Paged<AdminCouponClaimRow>>('/coupon/claims', {
                coupon_id: claimsOf.coupon_id,
                page: current,
                per_page: pageSize
              })
              return { data: data.list, total: data.total, success: true }
            }}
            columns={[
              { title: '用户', dataIndex: 'nickname', render: (_, r) => `${r.nickname || '-'}（${r.user_id}）` },
              { title: '领取时间', dataIndex: 'claimed_at', width: 150, render: (_, r) => time(r.claimed_at) },
              { title: '到期', dataIndex: 'expire_at', width: 150, render: (_, r) => time(r.expire_at) },
              {
                title: '状态',
                dataIndex: 'status',
                width: 80,
                render: (_, r) => <Tag color={CLAIM_STATUS[r.status].color}>{CLAIM_STATUS[r.status].text}</Tag>
              },
              {
                title: '使用订单',
                dataIndex: 'order_no',
                width: 200,
                render: (_, r) => (r.order_no ? `${r.order_no}（${time(r.used_at)}）` : '-')
              }
            ]}
          />
        )}
      </Drawer>
    </PageContainer>
  )
}

function CouponForm({ onCreated }: { onCreated(): void }) {
  const { message } = App.useApp()
  const adding = useModalFormGuard()
  return (
    <ModalForm<FormValues>
      {...adding.props}
      title="新建优惠券"
      width={560}
      modalProps={{ destroyOnClose: true }}
      trigger={
        <Button type="primary" icon={<PlusOutlined />}>
          新建优惠券
        </Button>
      }
      initialValues={{ type: 'amount', scope: 'all', validity: 'window', per_user_limit: 1, total: 100 }}
      onFinish={adding.finish(async (v: FormValues) => {
        const body: AdminCouponInput = {
          name: v.name,
          type: v.type,
          amount: v.type === 'amount' ? fen(v.amount_yuan) : 0,
          discount: v.type === 'discount' ? Math.round((v.discount_zhe ?? 0) * 10) : 0,
          max_discount: v.type === 'discount' ? fen(v.max_discount_yuan) : 0,
          min_spend: fen(v.min_spend_yuan),
          scope: v.scope,
          scope_ids:
            v.scope === 'goods'
              ? (v.scope_goods ?? []).map((g) => g.value)
              : v.scope === 'category'
                ? (v.scope_ids ?? [])
                : [],
          start_at: new Date(v.window[0]).toISOString(),
          end_at: new Date(v.window[1]).toISOString(),
          valid_days: v.validity === 'days' ? (v.valid_days ?? 0) : 0,
          total: v.total,
          per_user_limit: v.per_user_limit,
          description: v.description ?? ''
        }
        try {
          await api.post('/coupon/add', { ...body })
          message.success('优惠券已创建')
          onCreated()
          return true
        } catch (e) {
          message.error((e as Error).message)
          return false
        }
      })}
    >
      <ProFormText
        name="name"
        label="名称"
        rules={[
          { required: true, message: '请填写名称' },
          { max: 32, message: '不超过 32 个字' }
        ]}
      />
      <ProFormRadio.Group
        name="type"
        label="类型"
        options={[
          { value: 'amount', label: '满减券' },
          { value: 'discount', label: '折扣券' }
        ]}
      />
      <ProFormDigit
        name="min_spend_yuan"
        label="使用门槛（元）"
        tooltip="0 或不填为无门槛"
        min={0}
        fieldProps={{ precision: 2 }}
      />
      <ProFormDependency name={['type', 'scope', 'validity']}>
        {({ type, scope, validity }) => (
          <>
            {type === 'amount' ? (
              <ProFormDigit
                name="amount_yuan"
                label="减免金额（元）"
                min={0.01}
                fieldProps={{ precision: 2 }}
                rules={[{ required: true, message: '请填写减免金额' }]}
              />
            ) : (
              <>
                <ProFormDigit
                  name="discount_zhe"
                  label="折扣（折）"
                  tooltip="如 8.5 表示打 8.5 折"
                  min={1}
                  max={9.9}
                  fieldProps={{ precision: 1 }}
                  rules={[{ required: true, message: '请填写折扣' }]}
                />
                <ProFormDigit
                  name="max_discount_yuan"
                  label="最多优惠（元）"
                  tooltip="0 或不填为不封顶"
                  min={0}
                  fieldProps={{ precision: 2 }}
                />
              </>
            )}
            <ProFormRadio.Group
              name="scope"
              label="适用范围"
              options={[
                { value: 'all', label: '全场' },
                { value: 'goods', label: '指定商品' },
                { value: 'category', label: '指定分类' }
              ]}
            />
            {scope === 'goods' && (
              <ProFormSelect.SearchSelect
                name="scope_goods"
                label="适用商品"
                debounceTime={300}
                placeholder="输入商品名称搜索"
                fieldProps={{ filterOption: false }}
                rules={[{ required: true, message: '请选择适用的商品' }]}
                request={async ({ keyWords }: { keyWords?: string }) =>
                  (await api.get<Paged<AdminGoodsRow>>('/goods/lists', { keyword: keyWords, per_page: 50 })).list.map(
                    (g) => ({ value: g.goods_id, label: g.on_shelf ? g.name : `${g.name}（已下架）` })
                  )
                }
              />
            )}
            {scope === 'category' && (
              <ProFormSelect
                name="scope_ids"
                label="适用分类"
                mode="multiple"
                rules={[{ required: true, message: '请选择适用的分类' }]}
                request={async () =>
                  categoryOptions((await api.get<{ list: AdminCategoryRow[] }>('/category/lists')).list)
                }
              />
            )}
            <ProFormDateTimeRangePicker
              name="window"
              label="领取时间"
              rules={[{ required: true, message: '请选择领取的开始和结束时间' }]}
            />
            <ProFormRadio.Group
              name="validity"
              label="使用有效期"
              options={[
                { value: 'window', label: '同领取时间' },
                { value: 'days', label: '领取后若干天' }
              ]}
            />
            {validity === 'days' && (
              <ProFormDigit
                name="valid_days"
                label="领取后有效天数"
                min={1}
                max={3650}
                fieldProps={{ precision: 0 }}
                rules={[{ required: true, message: '请填写有效天数' }]}
              />
            )}
          </>
        )}
      </ProFormDependency>
      <ProFormDigit
        name="total"
        label="发放总量"
        min={1}
        max={10000000}
        fieldProps={{ precision: 0 }}
        rules={[{ required: true, message: '请填写发放总量' }]}
      />
      <ProFormDigit
        name="per_user_limit"
        label="每人限领"
        min={1}
        max={100}
        fieldProps={{ precision: 0 }}
        rules={[{ required: true, message: '请填写每人限领张数' }]}
      />
      <ProFormTextArea name="description" label="使用说明" fieldProps={{ maxLength: 200, showCount: true }} />
    </ModalForm>
  )
}
