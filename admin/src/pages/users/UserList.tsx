import { PageContainer, type ProColumns, ProTable } from '@ant-design/pro-components'
import type { Paged } from '@contract'
import type { AdminUserItem } from '@contract/admin'
import { Avatar, Space } from 'antd'
import { Link } from 'react-router-dom'

import { api } from '../../api/client'
import { time } from '../../format'
import { UserStatus } from './UserStatus'

/** App accounts: search by nickname, mobile or id; open one for its orders, wallet and referrals. */
export default function UserList() {
  const columns: ProColumns<AdminUserItem>[] = [
    {
      title: '搜索',
      dataIndex: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: '昵称 / 完整手机号 / 用户ID' }
    },
    { title: 'ID', dataIndex: 'user_id', search: false, width: 90 },
    {
      title: '用户',
      dataIndex: 'nickname',
      search: false,
      render: (_, u) => (
        <Space>
          <Avatar src={u.avatar || undefined} size="small">
            {u.nickname.slice(0, 1)}
          </Avatar>
          <Link to={`/users/${u.user_id}`}>{u.nickname || `用户${u.user_id}`}</Link>
        </Space>
      )
    },
    { title: '手机号', dataIndex: 'mobile', search: false, render: (_, u) => u.mobile || '-' },
    {
      title: '推荐人',
      dataIndex: 'referrer_id',
      search: false,
      render: (_, u) => (u.referrer_id ? <Link to={`/users/${u.referrer_id}`}>ID {u.referrer_id}</Link> : '-')
    },
    {
      title: '状态',
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: { active: { text: '正常' }, disabled: { text: '已停用' } },
      render: (_, u) => <UserStatus user={u} />
    },
    { title: '注册时间', dataIndex: 'created_at', search: false, render: (_, u) => time(u.created_at) },
    { title: '操作', valueType: 'option', render: (_, u) => <Link to={`/users/${u.user_id}`}>详情</Link> }
  ]
  return (
    <PageContainer title="用户管理">
      <ProTable<AdminUserItem>
        rowKey="user_id"
        columns={columns}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        pagination={{ defaultPageSize: 20 }}
        request={async ({ current, pageSize, keyword, status }) => {
          const data = await api.get<Paged<AdminUserItem>>('/user/lists', {
            keyword,
            status,
            page: current,
            per_page: pageSize
          })
          return { data: data.list, total: data.total, success: true }
        }}
      />
    </PageContainer>
  )
}
