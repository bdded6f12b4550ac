import { type ActionType, PageContainer } from '@ant-design/pro-components'
import type { ClientKind } from '@contract'
import type { AdminChannelFeatures, AdminClientFeatures } from '@contract/admin'
import {
  FEATURE_KEYS,
  FEATURE_LABELS,
  type FeaturePreset,
  FEATURES,
  PRESET_NAMES,
  presetHidden
} from '@contract/features'
import { Alert, App, Button, Card, Checkbox, Col, Radio, Result, Row, Skeleton, Space, Tag, Typography } from 'antd'
import { useCallback, useEffect, useRef, useState } from 'react'

import { api } from '../api/client'
import { ChangeHistory } from '../components/ChangeHistory'
import { time } from '../format'
import { useUnsavedChanges } from '../unsaved'

const CLIENT_NAMES: Record<ClientKind, string> = {
  wxapp: '微信小程序',
  h5: '微信内网页（公众号 H5）',
  web: '浏览器网页'
}

/** One client's card: a preset, or the features picked one by one, saved together. */
function ClientCard({ setting, onSaved }: { setting: AdminClientFeatures; onSaved: () => void }) {
  const { message } = App.useApp()
  const [preset, setPreset] = useState<FeaturePreset>(setting.preset)
  const [hidden, setHidden] = useState<string[]>(setting.hidden)
  const [saving, setSaving] = useState(false)
  useEffect(() => {
    setPreset(setting.preset)
    setHidden(setting.hidden)
  }, [setting])

  const choosePreset = (next: FeaturePreset) => {
    setPreset(next)
    if (next !== 'custom') setHidden(presetHidden(next))
  }
  // Ticking a feature by hand leaves the preset: what is saved is exactly what is ticked.
  const toggle = (key: string, shown: boolean) => {
    setPreset('custom')
    setHidden((list) => (shown ? list.filter((k) => k !== key) : [...list, key]))
  }
  const changed = preset !== setting.preset || [...hidden].sort().join() !== [...setting.hidden].sort().join()
  useUnsavedChanges(changed)

  const save = async () => {
    setSaving(true)
    try {
      await api.post('/channel/save', { client: setting.client, preset, hidden, updated_at: setting.updated_at ?? '' })
      message.success(`${CLIENT_NAMES[setting.client]}的功能已保存，用户下次打开即生效`)
      onSaved()
    } catch (e) {
      message.error((e as Error).message)
    } finally {
      setSaving(false)
    }
  }

  return (
    <Card
      title={CLIENT_NAMES[setting.client]}
      data-client={setting.client}
      extra={
        <Space>
          <Tag color={setting.preset === 'compliant' ? 'green' : setting.preset === 'all' ? 'blue' : 'orange'}>
            {PRESET_NAMES[setting.preset]}
          </Tag>
          <Typography.Text type="secondary">
            {setting.updated_at ? `更新于 ${time(setting.updated_at)}` : '未设置（使用默认方案）'}
          </Typography.Text>
        </Space>
      }
    >
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        <Radio.Group value={preset} onChange={(e) => choosePreset(e.target.value as FeaturePreset)}>
          {(Object.keys(PRESET_NAMES) as FeaturePreset[]).map((p) => (
            <Radio.Button key={p} value={p}>
              {PRESET_NAMES[p]}
            </Radio.Button>
          ))}
        </Radio.Group>
        <Row gutter={[8, 8]}>
          {FEATURE_KEYS.map((key) => (
            <Col key={key} xs={24} sm={12} md={8}>
              <Checkbox checked={!hidden.includes(key)} onChange={(e) => toggle(key, e.target.checked)}>
                {FEATURE_LABELS[key]}
                {FEATURES[key] && (
                  <Tag color="red" style={{ marginInlineStart: 6 }}>
                    审核敏感
                  </Tag>
                )}
              </Checkbox>
            </Col>
          ))}
        </Row>
        <Space>
          <Button type="primary" loading={saving} disabled={!changed} onClick={() => void save()}>
            保存
          </Button>
          <Typography.Text type="secondary">
            显示 {FEATURE_KEYS.length - hidden.length} 项，隐藏 {hidden.length} 项
          </Typography.Text>
        </Space>
      </Space>
    </Card>
  )
}

const REVIEW_NOTE =
  '小程序提交审核前请使用「审核/合规」方案：它隐藏标有「审核敏感」的功能，保留课程、证书、协会、活动、商城、文章、' +
  '考试和老黄历。被隐藏的功能在首页、工具箱、我的页面中不显示，分享或旧链接打开时显示“此功能不在当前版本中提供”。'

/** 渠道功能: which features each client shows; the mini-program's default is the review-safe preset. */
export default function ChannelFeatures() {
  const [data, setData] = useState<AdminChannelFeatures | null>(null)
  const [error, setError] = useState('')
  const history = useRef<ActionType>()
  const load = useCallback(() => {
    setError('')
    api.get<AdminChannelFeatures>('/channel/features').then(setData, (e: Error) => setError(e.message))
    history.current?.reload()
  }, [])
  useEffect(load, [load])

  if (error)
    return <Result status="warning" title="加载失败" subTitle={error} extra={<Button onClick={load}>重试</Button>} />
  if (!data) return <Skeleton active style={{ padding: 24 }} />
  return (
    <PageContainer title="渠道功能">
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Alert
          type="info"
          showIcon
          message="微信审核不允许小程序提供算命、运势测算和付费起名等内容"
          description={REVIEW_NOTE}
        />
        {data.clients.map((setting) => (
          <ClientCard key={setting.client} setting={setting} onSaved={load} />
        ))}
        <ChangeHistory
          path="/channel/history"
          actionRef={history}
          what={{ title: '渠道', render: (r) => CLIENT_NAMES[r.target_id as ClientKind] ?? r.target_id }}
        />
      </Space>
    </PageContainer>
  )
}
