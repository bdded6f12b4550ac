import { PageContainer, type ProColumns, ProTable } from '@ant-design/pro-components'
import type { Paged } from '@contract'
import type { AdminCommissionItem } from '@contract/admin'
import { Tag } from 'antd'
import { Link } from 'react-router-dom'

import { api } from '../../api/client'
import { BIZ_TYPE_TEXT, time, yuan } from '../../format'
import { useSession } from '../../session'

const STATUS = {
  frozen: { text: '冻结中', color: 'orange' },
  available: { text: '已到账', color: 'green' },
  cancelled: { text: '已取消', color: 'default' },
  reversed: { text: '已扣回', color: 'red' }
}

/** Every commission earned, by referrer: from which friend's payment, at what rate, frozen until when. */
export default function Commissions() {
  const { can } = useSession()
  const userLink = (id: number, name: string) =>
    can('user.view') ? <Link to={`/users/${id}`}>{`${name || '-'}（${id}）`}</Link> : `${name || '-'}（${id}）`
  const columns: ProColumns<AdminCommissionItem>[] = [
    {
      title: '推荐人',
      dataIndex: 'user',
      hideInTable: true,
      fieldProps: { placeholder: '用户ID / 完整手机号 / 昵称' }
    },
    { title: '推荐人', dataIndex: 'nickname', search: false, render: (_, c) => userLink(c.user_id, c.nickname) },
    {
      title: '来自好友',
      dataIndex: 'from_nickname',
      search: false,
      render: (_, c) => userLink(c.from_user_id, c.from_nickname)
    },
    {
      title: '级别',
      dataIndex: 'level',
      search: false,
      width: 70,
      render: (_, c) => (c.level === 1 ? '一级' : '二级')
    },
    {
      title: '业务',
      dataIndex: 'biz_type',
      valueType: 'select',
      valueEnum: Object.fromEntries(Object.entries(BIZ_TYPE_TEXT).map(([k, v]) => [k, { text: v }])),
      width: 90
    },
    { title: '支付金额', dataIndex: 'base_fen', search: false, render: (_, c) => yuan(c.base_fen) },
    { title: '比例', dataIndex: 'rate_percent', search: false, width: 80, render: (_, c) => `${c.rate_percent}%` },
    { title: '佣金', dataIndex: 'amount_fen', search: false, render: (_, c) => <b>{yuan(c.amount_fen)}</b> },
    {
      title: '状态',
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: Object.fromEntries(Object.entries(STATUS).map(([k, v]) => [k, { text: v.text }])),
      render: (_, c) => <Tag color={STATUS[c.status].color}>{STATUS[c.status].text}</Tag>
    },
    {
      title: '解冻时间',
      dataIndex: 'release_at',
      search: false,
      render: (_, c) => (c.status === 'frozen' ? time(c.release_at) : '-')
    },
    { title: '产生时间', dataIndex: 'created_at', search: false, render: (_, c) => time(c.created_at) }
  ]
  return (
    <PageContainer title="佣金明细">
      <ProTable<AdminCommissionItem>
        rowKey="id"
        columns={columns}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        pagination={{ defaultPageSize: 20 }}
        request={async ({ current, pageSize, user, status, biz_type }) => {
          const data = await api.get<Paged<AdminCommissionItem>>('/wallet/commissions', {
            user,
            status,
            biz_type,
            page: current,
            per_page: pageSize
          })
          return { data: data.list, total: data.total, success: true }
        }}
      />
    </PageContainer>
  )
}
