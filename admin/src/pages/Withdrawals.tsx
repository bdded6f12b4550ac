import { useRef, useState } from 'react'
import { PageContainer, ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components'
import { App, Space, Tag } from 'antd'
import type { AdminWithdrawalItem, AdminWithdrawalStatus } from '../../../src/api/contracts/admin'
import type { Paged } from '../../../src/api/contract'
import { api } from '../api/client'
import { DecisionModal } from '../components/DecisionModal'
import { time, yuan } from '../format'
import { useSession } from '../session'

const STATUS = { pending: { text: '待审核', color: 'orange' }, paid: { text: '已打款', color: 'green' }, rejected: { text: '已驳回', color: 'default' } }

/** The withdrawal queue: mark paid once the money was sent, or reject (the amount returns to the user's balance). */
export default function Withdrawals() {
  const { can } = useSession()
  const { message } = App.useApp()
  const table = useRef<ActionType>()
  const [tab, setTab] = useState<AdminWithdrawalStatus>('pending')
  const [deciding, setDeciding] = useState<{ item: AdminWithdrawalItem; approve: boolean } | null>(null)

  const columns: ProColumns<AdminWithdrawalItem>[] = [
    { title: '编号', dataIndex: 'id', width: 80 },
    { title: '用户', dataIndex: 'nickname', render: (_, r) => `${r.nickname || '-'}（${r.user_id}）${r.mobile ? ' ' + r.mobile : ''}` },
    { title: '实名', dataIndex: 'real_name' },
    { title: '金额', dataIndex: 'amount_fen', render: (_, r) => <b>{yuan(r.amount_fen)}</b> },
    { title: '状态', dataIndex: 'status', render: (_, r) => <Tag color={STATUS[r.status].color}>{STATUS[r.status].text}</Tag> },
    { title: '申请时间', dataIndex: 'created_at', render: (_, r) => time(r.created_at) },
    { title: '处理时间', dataIndex: 'reviewed_at', hideInTable: tab === 'pending', render: (_, r) => time(r.reviewed_at) },
    { title: '驳回原因', dataIndex: 'reject_reason', hideInTable: tab !== 'rejected' },
    {
      title: '操作',
      valueType: 'option',
      hideInTable: tab !== 'pending' || !can('withdrawal.decide'),
      render: (_, r) => (
        <Space>
          <a onClick={() => setDeciding({ item: r, approve: true })}>已打款</a>
          <a style={{ color: '#cf1322' }} onClick={() => setDeciding({ item: r, approve: false })}>
            驳回
          </a>
        </Space>
      )
    }
  ]

  return (
    <PageContainer title="提现审核">
      <ProTable<AdminWithdrawalItem>
        rowKey="id"
        actionRef={table}
        columns={columns}
        search={false}
        params={{ status: tab }}
        toolbar={{
          menu: {
            type: 'tab',
            activeKey: tab,
            items: Object.entries(STATUS).map(([key, v]) => ({ key, label: v.text })),
            onChange: (key) => setTab(key as AdminWithdrawalStatus)
          }
        }}
        pagination={{ defaultPageSize: 20 }}
        request={async ({ current, pageSize, status }) => {
          const data = await api.get<Paged<AdminWithdrawalItem>>('/withdrawal/lists', { status, page: current, per_page: pageSize })
          return { data: data.list, total: data.total, success: true }
        }}
      />
      {deciding && (
        <DecisionModal
          open
          approve={deciding.approve}
          title={deciding.approve ? `确认已向 ${deciding.item.real_name} 打款 ${yuan(deciding.item.amount_fen)}` : '驳回提现申请（金额退回用户可提现余额）'}
          label={deciding.approve ? undefined : '驳回原因'}
          onClose={() => setDeciding(null)}
          onSubmit={async (reason) => {
            await api.post('/withdrawal/decide', { id: deciding.item.id, approve: deciding.approve, reason })
            message.success(deciding.approve ? '已标记为已打款' : '已驳回，金额已退回用户余额')
            table.current?.reload()
          }}
        />
      )}
    </PageContainer>
  )
}
