import { PlusOutlined } from '@ant-design/icons'
import {
  type ActionType,
  ModalForm,
  PageContainer,
  type ProColumns,
  ProFormDependency,
  ProFormSelect,
  ProFormText,
  ProTable
} from '@ant-design/pro-components'
import type { AdminOperatorRow, AdminResetPasswordResult, AdminRole } from '@contract/admin'
import { App, Button, Modal, Popconfirm, Select, Space, Tag, Typography } from 'antd'
import { useRef } from 'react'

import { api } from '../api/client'
import { ROLE_TEXT, time } from '../format'
import { useSession } from '../session'
import { useModalFormGuard } from '../unsaved'

const ROLE_OPTIONS = (Object.keys(ROLE_TEXT) as AdminRole[]).map((value) => ({ value, label: ROLE_TEXT[value] }))
// A 老师 account needs its teacher, chosen when it is added; the table's role switch offers the others.
const SWITCH_OPTIONS = ROLE_OPTIONS.map((o) => ({ ...o, disabled: o.value === 'teacher' }))
const ROLE_HELP =
  '店主：全部功能并管理操作员；运营：商品、订单、优惠券、首页内容、老师与服务；财务：退款、提现、报表；内容：文章、课程、审核；老师：只看自己的预约并标记完成'

async function teacherOptions() {
  const { list } = await api.get<{ list: { teacher_id: number; name: string }[] }>('/teacher/lists', { per_page: 100 })
  return list.map((t) => ({ value: t.teacher_id, label: t.name }))
}

/** Owner only: operator accounts, their roles, disabling, password resets and forced logout. */
export default function Operators() {
  const { me } = useSession()
  const { message } = App.useApp()
  const table = useRef<ActionType>()
  const adding = useModalFormGuard()

  const act = async (run: () => Promise<unknown>, done: string) => {
    try {
      await run()
      message.success(done)
    } catch (e) {
      message.error((e as Error).message)
    }
    table.current?.reload()
  }

  const resetPassword = async (o: AdminOperatorRow) => {
    try {
      const { password } = await api.post<AdminResetPasswordResult>('/operator/resetPassword', {
        operator_id: o.operator_id,
        version: o.version
      })
      Modal.success({
        title: `${o.username} 的新密码`,
        content: (
          <>
            <Typography.Paragraph copyable={{ text: password }} code>
              {password}
            </Typography.Paragraph>
            只显示这一次，请当面或通过安全渠道告知对方；对方已登录的设备均已退出。
          </>
        )
      })
    } catch (e) {
      message.error((e as Error).message)
    }
    table.current?.reload()
  }

  const columns: ProColumns<AdminOperatorRow>[] = [
    {
      title: '账号',
      dataIndex: 'username',
      render: (_, o) => (o.operator_id === me.operator_id ? `${o.username}（我）` : o.username)
    },
    {
      title: '角色',
      dataIndex: 'role',
      render: (_, o) => (
        <Select
          size="small"
          style={{ width: 100 }}
          value={o.role}
          options={SWITCH_OPTIONS}
          disabled={o.operator_id === me.operator_id || o.role === 'teacher'}
          onChange={(role) =>
            act(
              () => api.post('/operator/edit', { operator_id: o.operator_id, version: o.version, role }),
              '角色已修改'
            )
          }
        />
      )
    },
    { title: '关联老师', dataIndex: 'teacher_name', render: (_, o) => o.teacher_name || '-' },
    {
      title: '状态',
      dataIndex: 'disabled',
      render: (_, o) => (o.disabled ? <Tag>已停用</Tag> : <Tag color="green">正常</Tag>)
    },
    { title: '最近登录', dataIndex: 'last_login_at', render: (_, o) => time(o.last_login_at) },
    { title: '创建时间', dataIndex: 'created_at', render: (_, o) => time(o.created_at) },
    {
      title: '操作',
      valueType: 'option',
      render: (_, o) =>
        o.operator_id === me.operator_id ? (
          '-'
        ) : (
          <Space>
            <Popconfirm
              title={o.disabled ? '启用该账号？' : '停用后该账号立即退出且不能登录，确定？'}
              onConfirm={() =>
                act(
                  () =>
                    api.post('/operator/edit', {
                      operator_id: o.operator_id,
                      version: o.version,
                      disabled: !o.disabled
                    }),
                  o.disabled ? '已启用' : '已停用'
                )
              }
            >
              <a>{o.disabled ? '启用' : '停用'}</a>
            </Popconfirm>
            <Popconfirm title="生成新密码并让该账号退出所有设备？" onConfirm={() => resetPassword(o)}>
              <a>重置密码</a>
            </Popconfirm>
            <Popconfirm
              title="让该账号在所有设备上退出登录？"
              onConfirm={() =>
                act(() => api.post('/operator/revokeSessions', { operator_id: o.operator_id }), '已强制下线')
              }
            >
              <a>强制下线</a>
            </Popconfirm>
          </Space>
        )
    }
  ]

  return (
    <PageContainer title="操作员" content={ROLE_HELP}>
      <ProTable<AdminOperatorRow>
        rowKey="operator_id"
        actionRef={table}
        columns={columns}
        search={false}
        pagination={false}
        request={async () => {
          const { list } = await api.get<{ list: AdminOperatorRow[] }>('/operator/lists')
          return { data: list, success: true }
        }}
        toolBarRender={() => [
          <ModalForm<{ username: string; password: string; role: AdminRole; teacher_id?: number }>
            key="add"
            title="新增操作员"
            width={420}
            modalProps={{ destroyOnClose: true }}
            {...adding.props}
            trigger={
              <Button type="primary" icon={<PlusOutlined />}>
                新增操作员
              </Button>
            }
            onFinish={adding.finish(async (values) => {
              try {
                await api.post('/operator/add', values)
                message.success('已新增操作员')
                table.current?.reload()
                return true
              } catch (e) {
                message.error((e as Error).message)
                return false
              }
            })}
          >
            <ProFormText
              name="username"
              label="账号"
              rules={[
                { required: true, message: '请填写账号' },
                { pattern: /^[A-Za-z0-9_]{3,32}$/, message: '3-32 位字母、数字或下划线' }
              ]}
            />
            <ProFormText.Password
              name="password"
              label="初始密码"
              rules={[
                { required: true, message: '请填写初始密码' },
                { min: 10, max: 64, message: '长度应为 10-64 位' }
              ]}
            />
            <ProFormSelect
              name="role"
              label="角色"
              options={ROLE_OPTIONS}
              rules={[{ required: true, message: '请选择角色' }]}
            />
            <ProFormDependency name={['role']}>
              {({ role }) =>
                role === 'teacher' && (
                  <ProFormSelect
                    name="teacher_id"
                    label="关联老师"
                    request={teacherOptions}
                    rules={[{ required: true, message: '请选择老师' }]}
                  />
                )
              }
            </ProFormDependency>
          </ModalForm>
        ]}
      />
    </PageContainer>
  )
}
