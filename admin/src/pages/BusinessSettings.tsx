import { type ActionType, PageContainer } from '@ant-design/pro-components'
import type { AdminBusinessSetting, AdminBusinessSettings } from '@contract/admin'
import { Alert, App, Button, Card, Form, Input, InputNumber, Result, Skeleton, Space, Typography } from 'antd'
import { useCallback, useEffect, useRef, useState } from 'react'

import { api } from '../api/client'
import { ChangeHistory } from '../components/ChangeHistory'
import { ACTION_TEXT, time } from '../format'
import { useUnsavedChanges } from '../unsaved'

type Values = Record<string, number | string>

/** A unit in the label's brackets (售后期（天）) goes after the number instead. */
const split = (label: string) => {
  const m = /^(.*)（([^）]*)）$/.exec(label)
  return m ? { name: m[1], unit: m[2] } : { name: label, unit: '' }
}

function Field({ s }: { s: AdminBusinessSetting }) {
  const { name, unit } = split(s.label)
  const rules =
    s.type === 'int'
      ? [{ required: true, message: `请填写${name}` }]
      : [{ max: s.max, message: `${name}不能超过 ${s.max} 个字` }]
  return (
    <Form.Item name={s.key} label={name} extra={s.help} rules={rules}>
      {s.type === 'int' ? (
        <InputNumber min={s.min ?? undefined} max={s.max} precision={0} addonAfter={unit || undefined} />
      ) : (
        <Input maxLength={s.max} allowClear placeholder={`默认：${s.default || '未填写'}`} />
      )}
    </Form.Item>
  )
}

/** 业务设置: the owner's rules for after-sales, receipt, returns and course refunds, saved together on the version read. */
export default function BusinessSettings() {
  const { message } = App.useApp()
  const [form] = Form.useForm<Values>()
  const [data, setData] = useState<AdminBusinessSettings | null>(null)
  const [error, setError] = useState('')
  const [dirty, setDirty] = useState(false)
  const [saving, setSaving] = useState(false)
  const history = useRef<ActionType>()
  useUnsavedChanges(dirty)

  const show = useCallback(
    (d: AdminBusinessSettings) => {
      setData(d)
      form.setFieldsValue(Object.fromEntries(d.settings.map((s) => [s.key, s.value])))
      setDirty(false)
      history.current?.reload()
    },
    [form]
  )
  const load = useCallback(() => {
    setError('')
    api.get<AdminBusinessSettings>('/settings/business').then(show, (e: Error) => setError(e.message))
  }, [show])
  useEffect(load, [load])

  const save = async () => {
    if (!data) return
    const values = await form.validateFields()
    setSaving(true)
    try {
      show(
        await api.post<AdminBusinessSettings>('/settings/business', { ...values, updated_at: data.updated_at ?? '' })
      )
      message.success('业务设置已保存')
    } catch (e) {
      message.error((e as Error).message)
    } finally {
      setSaving(false)
    }
  }

  if (error)
    return (
      <Result status="warning" title="设置加载失败" subTitle={error} extra={<Button onClick={load}>重试</Button>} />
    )
  if (!data) return <Skeleton active style={{ padding: 24 }} />
  const labelOf = (key: string) => split(data.settings.find((s) => s.key === key)?.label ?? key).name
  const shop = data.settings.filter((s) => !s.key.startsWith('course_'))
  const course = data.settings.filter((s) => s.key.startsWith('course_'))
  return (
    <PageContainer title="业务设置" subTitle="店铺的售后、收货与课程退款规则，修改后对之后的订单生效">
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Form form={form} layout="vertical" onValuesChange={() => setDirty(true)} style={{ maxWidth: 640 }}>
          <Card title="商城售后" style={{ marginBottom: 16 }}>
            {shop.map((s) => (
              <Field key={s.key} s={s} />
            ))}
          </Card>
          <Card title="课程退款">
            {course.map((s) => (
              <Field key={s.key} s={s} />
            ))}
            <Alert
              type="info"
              showIcon
              message={`用户在课程详情和下单页看到：${data.course_refund_policy}`}
              description="课程退款由后台在「全部订单」的课程订单详情中办理；退款到账后收回学员的学习权限。"
            />
          </Card>
        </Form>
        <Space>
          <Button type="primary" loading={saving} onClick={save}>
            保存
          </Button>
          <Button disabled={!dirty || saving} onClick={() => show(data)}>
            还原
          </Button>
          <Typography.Text type="secondary">
            {data.updated_at ? `上次保存：${time(data.updated_at)}` : '尚未修改，均为默认值'}
          </Typography.Text>
        </Space>
        <ChangeHistory
          path="/settings/business/history"
          actionRef={history}
          what={{
            title: '设置',
            render: (r) => `${ACTION_TEXT[r.action] ?? r.action} · ${r.target_id.split(',').map(labelOf).join('、')}`
          }}
        />
      </Space>
    </PageContainer>
  )
}
