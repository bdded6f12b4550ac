import { type ActionType, PageContainer, ProFormDigit } from '@ant-design/pro-components'
import type { AdminCommissionRule, AdminWalletSettings } from '@contract/admin'
import { Alert, App, Button, Card, Descriptions, Result, Skeleton, Space, Table } from 'antd'
import { useCallback, useEffect, useRef, useState } from 'react'

import { api } from '../../api/client'
import { ChangeHistory } from '../../components/ChangeHistory'
import { GuardedModalForm } from '../../components/GuardedModalForm'
import { ACTION_TEXT, time, yuan } from '../../format'

const percentField = (name: string, label: string, extra: string) => (
  <ProFormDigit
    name={name}
    label={label}
    extra={extra}
    min={0}
    max={100}
    fieldProps={{ precision: 2, addonAfter: '%' }}
    rules={[{ required: true, message: `请填写${label}` }]}
  />
)

/** Commission rates and freeze days per business type, the withdrawal limits, and every change to them. */
export default function WalletSettings() {
  const { message } = App.useApp()
  const [data, setData] = useState<AdminWalletSettings | null>(null)
  const [error, setError] = useState('')
  const history = useRef<ActionType>()

  const load = useCallback(() => {
    setError('')
    api.get<AdminWalletSettings>('/wallet/settings').then(setData, (e: Error) => setError(e.message))
    history.current?.reload()
  }, [])
  useEffect(load, [load])

  /** Saves and reloads; a refused save shows the server's message and keeps the dialog open. */
  const save = async (path: string, values: Record<string, unknown>, done: string) => {
    try {
      await api.post(path, values)
      message.success(done)
      load()
      return true
    } catch (e) {
      message.error((e as Error).message)
      return false
    }
  }

  if (error)
    return (
      <Result status="warning" title="设置加载失败" subTitle={error} extra={<Button onClick={load}>重试</Button>} />
    )
  if (!data) return <Skeleton active style={{ padding: 24 }} />
  const w = data.withdraw
  // A freeze shorter than the window buyers may still get their money back in (业务设置) would let commission out
  // early: the server refuses it, and the form says so first.
  const refundWindow = (r: AdminCommissionRule) =>
    r.biz_type === 'course'
      ? { days: data.course_refund_days, name: '课程退款期' }
      : { days: data.after_sale_days, name: '售后期' }
  return (
    <PageContainer title="佣金与提现设置">
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Card title="推广佣金规则" extra="修改只影响之后支付的订单；已产生的佣金按当时的比例和冻结期结算">
          <Table<AdminCommissionRule>
            rowKey="biz_type"
            size="small"
            pagination={false}
            dataSource={data.rules}
            columns={[
              { title: '业务', dataIndex: 'name' },
              {
                title: '一级佣金（直接推荐人）',
                dataIndex: 'level1_percent',
                render: (v: number, r) => (r.updated_at ? `${v}%` : '未设置')
              },
              {
                title: '二级佣金（推荐人的推荐人）',
                dataIndex: 'level2_percent',
                render: (v: number, r) => (r.updated_at ? `${v}%` : '未设置')
              },
              {
                title: '冻结天数',
                dataIndex: 'freeze_days',
                render: (v: number, r) => (r.updated_at ? `${v} 天` : '-')
              },
              { title: '更新时间', dataIndex: 'updated_at', render: time },
              {
                title: '操作',
                render: (_: unknown, r) => (
                  <GuardedModalForm
                    title={`${r.name}佣金规则`}
                    width={420}
                    trigger={<a>{r.updated_at ? '编辑' : '设置'}</a>}
                    initialValues={r.updated_at ? r : { level1_percent: 0, level2_percent: 0, freeze_days: 7 }}
                    modalProps={{ destroyOnClose: true }}
                    submitter={{ searchConfig: { submitText: '保存', resetText: '取消' } }}
                    onFinish={(v) =>
                      save(
                        '/wallet/commissionRule',
                        { ...v, biz_type: r.biz_type, updated_at: r.updated_at ?? '' },
                        `${r.name}佣金规则已保存`
                      )
                    }
                  >
                    {percentField('level1_percent', '一级佣金比例', '只对之后的付款生效，已产生的佣金按原比例')}
                    {percentField('level2_percent', '二级佣金比例', '推荐人的推荐人所得，同样只对之后的付款生效')}
                    <ProFormDigit
                      name="freeze_days"
                      label="冻结天数（可退款期）"
                      extra={`付款后冻结这些天才可提现，不能少于${refundWindow(r).name} ${refundWindow(r).days} 天（业务设置）；改动只影响之后的付款`}
                      min={0}
                      max={365}
                      fieldProps={{ precision: 0, addonAfter: '天' }}
                      rules={[
                        { required: true, message: '请填写冻结天数' },
                        {
                          type: 'number',
                          min: refundWindow(r).days,
                          message: `冻结天数不能少于${refundWindow(r).name} ${refundWindow(r).days} 天，否则买家退款时佣金可能已被提现`
                        }
                      ]}
                    />
                  </GuardedModalForm>
                )
              }
            ]}
          />
        </Card>
        <Card
          title="提现规则"
          extra={
            <GuardedModalForm
              title="提现规则"
              width={420}
              trigger={<Button type="primary">{w ? '修改' : '设置'}</Button>}
              initialValues={
                w
                  ? { min_yuan: w.min_fen / 100, daily_yuan: w.daily_limit_fen / 100 }
                  : { min_yuan: 10, daily_yuan: 5000 }
              }
              modalProps={{ destroyOnClose: true }}
              submitter={{ searchConfig: { submitText: '保存', resetText: '取消' } }}
              onFinish={(v) =>
                save(
                  '/wallet/withdrawRule',
                  {
                    min_fen: Math.round(v.min_yuan * 100),
                    daily_limit_fen: Math.round(v.daily_yuan * 100),
                    updated_at: w?.updated_at ?? ''
                  },
                  '提现规则已保存'
                )
              }
            >
              <ProFormDigit
                name="min_yuan"
                label="单笔最低提现"
                extra="对之后提交的提现申请生效"
                min={0.1}
                max={1_000_000}
                fieldProps={{ precision: 2, addonAfter: '元' }}
                rules={[{ required: true, message: '请填写单笔最低提现' }]}
              />
              <ProFormDigit
                name="daily_yuan"
                label="每人每日提现上限"
                min={0.1}
                max={1_000_000}
                fieldProps={{ precision: 2, addonAfter: '元' }}
                rules={[{ required: true, message: '请填写每日提现上限' }]}
              />
            </GuardedModalForm>
          }
        >
          {w ? (
            <Descriptions size="small" column={3}>
              <Descriptions.Item label="单笔最低提现">{yuan(w.min_fen)}</Descriptions.Item>
              <Descriptions.Item label="每人每日上限">{yuan(w.daily_limit_fen)}</Descriptions.Item>
              <Descriptions.Item label="更新时间">{time(w.updated_at)}</Descriptions.Item>
            </Descriptions>
          ) : (
            <Alert type="warning" showIcon message="提现规则尚未设置：用户现在无法申请提现" />
          )}
        </Card>
        <ChangeHistory
          path="/wallet/history"
          actionRef={history}
          what={{
            title: '设置',
            render: (r) =>
              (ACTION_TEXT[r.action] ?? r.action) +
              (r.target_type === 'commission_rule'
                ? ` · ${data.rules.find((x) => x.biz_type === r.target_id)?.name ?? r.target_id}`
                : '')
          }}
        />
      </Space>
    </PageContainer>
  )
}
