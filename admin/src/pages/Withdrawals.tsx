import { type ActionType, PageContainer, type ProColumns } from '@ant-design/pro-components'
import type { AdminWithdrawalItem, AdminWithdrawalStatus } from '@contract/admin'
import { App, Tag } from 'antd'
import { useRef, useState } from 'react'

import { api } from '../api/client'
import { DecisionModal } from '../components/DecisionModal'
import { DecisionLinks, DecisionQueue } from '../components/DecisionQueue'
import { time, yuan } from '../format'
import { useSession } from '../session'

const STATUS: Record<AdminWithdrawalStatus, { text: string; color: string }> = {
  pending: { text: '待审核', color: 'orange' },
  transferring: { text: '转账中', color: 'blue' },
  wait_confirm: { text: '待用户确认收款', color: 'cyan' },
  paid: { text: '已到账', color: 'green' },
  failed: { text: '转账失败已退回', color: 'red' },
  rejected: { text: '已驳回', color: 'default' }
}

/**
 * The withdrawal queue: approve (paid by WeChat Pay merchant transfer into the user's change, which the user
 * accepts in WeChat; a failed or lapsed transfer returns the amount), or reject (the amount returns too).
 */
export default function Withdrawals() {
  const { can } = useSession()
  const { message } = App.useApp()
  const table = useRef<ActionType>()
  const [tab, setTab] = useState<AdminWithdrawalStatus>('pending')
  const [deciding, setDeciding] = useState<{ item: AdminWithdrawalItem; approve: boolean } | null>(null)

  const columns: ProColumns<AdminWithdrawalItem>[] = [
    { title: '编号', dataIndex: 'id', width: 80 },
    {
      title: '用户',
      dataIndex: 'nickname',
      render: (_, r) => `${r.nickname || '-'}（${r.user_id}）${r.mobile ? ' ' + r.mobile : ''}`
    },
    { title: '实名', dataIndex: 'real_name' },
    { title: '金额', dataIndex: 'amount_fen', render: (_, r) => <b>{yuan(r.amount_fen)}</b> },
    {
      title: '状态',
      dataIndex: 'status',
      render: (_, r) => <Tag color={STATUS[r.status].color}>{STATUS[r.status].text}</Tag>
    },
    { title: '申请时间', dataIndex: 'created_at', render: (_, r) => time(r.created_at) },
    {
      title: '处理时间',
      dataIndex: 'reviewed_at',
      hideInTable: tab === 'pending',
      render: (_, r) => time(r.reviewed_at)
    },
    { title: '驳回原因', dataIndex: 'reject_reason', hideInTable: tab !== 'rejected' },
    { title: '失败原因', dataIndex: 'fail_reason', hideInTable: tab !== 'failed' },
    {
      title: '转账单号',
      dataIndex: 'out_bill_no',
      hideInTable: tab === 'pending' || tab === 'rejected',
      copyable: true
    },
    {
      title: '完成时间',
      dataIndex: 'finished_at',
      hideInTable: tab !== 'paid' && tab !== 'failed',
      render: (_, r) => time(r.finished_at)
    },
    {
      title: '操作',
      valueType: 'option',
      hideInTable: tab !== 'pending' || !can('withdrawal.decide'),
      render: (_, r) => (
        <DecisionLinks approve="通过并转账" reject="驳回" onDecide={(approve) => setDeciding({ item: r, approve })} />
      )
    }
  ]

  return (
    <PageContainer title="提现审核">
      <DecisionQueue<AdminWithdrawalItem, AdminWithdrawalStatus>
        path="/withdrawal/lists"
        rowKey="id"
        columns={columns}
        statuses={STATUS}
        tab={tab}
        onTab={setTab}
        tableRef={table}
      />
      {deciding && (
        <DecisionModal
          open
          approve={deciding.approve}
          title={
            deciding.approve
              ? `通过并向 ${deciding.item.real_name} 的微信零钱转账 ${yuan(deciding.item.amount_fen)}（用户在微信中确认收款后到账）`
              : '驳回提现申请（金额退回用户可提现余额）'
          }
          label={deciding.approve ? undefined : '驳回原因'}
          onClose={() => setDeciding(null)}
          onSubmit={async (reason) => {
            const result = await api.post<{ status?: AdminWithdrawalStatus; fail_reason?: string }>(
              '/withdrawal/decide',
              { id: deciding.item.id, approve: deciding.approve, reason }
            )
            if (!deciding.approve) message.success('已驳回，金额已退回用户余额')
            else if (result.status === 'failed') message.error(`转账失败：${result.fail_reason}，金额已退回用户余额`)
            else
              message.success(
                result.status === 'wait_confirm' ? '已发起转账，等待用户在微信中确认收款' : '已提交转账，结果稍后更新'
              )
            table.current?.reload()
          }}
        />
      )}
    </PageContainer>
  )
}
