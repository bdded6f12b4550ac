import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import { type ActionType, PageContainer, type ProColumns, ProTable } from '@ant-design/pro-components'
import type {
  AdminFreightChargeBy,
  AdminFreightFeeRule,
  AdminFreightPreview,
  AdminFreightTemplateInput,
  AdminFreightTemplateRow,
  AdminRegionOption
} from '@contract/admin'
import {
  Alert,
  App,
  Button,
  Card,
  Cascader,
  Form,
  type FormInstance,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Radio,
  Space,
  Tag,
  TreeSelect,
  Typography
} from 'antd'
import { useEffect, useMemo, useRef, useState } from 'react'

import { useRowAction } from '../../act'
import { api } from '../../api/client'
import { time } from '../../format'
import { useSession } from '../../session'
import { leave, useUnsavedChanges } from '../../unsaved'

/** A fee rule as typed: fees in yuan. */
interface RuleDraft {
  first: number
  first_fee: number
  additional: number
  additional_fee: number
}
interface FormValues {
  name: string
  charge_by: AdminFreightChargeBy
  default_rule: RuleDraft
  region_rules: (RuleDraft & { regions: string[] })[]
  free_rules: { regions: string[]; min_amount?: number; min_pieces?: number }[]
  undeliverable: string[]
}

const fen = (yuan?: number | null) => Math.round((yuan ?? 0) * 100)
const toYuan = (f: number) => f / 100
const ruleToFen = (r: RuleDraft): AdminFreightFeeRule => ({
  first: r.first,
  first_fee: fen(r.first_fee),
  additional: r.additional,
  additional_fee: fen(r.additional_fee)
})
const ruleToYuan = (r: AdminFreightFeeRule): RuleDraft => ({
  first: r.first,
  first_fee: toYuan(r.first_fee),
  additional: r.additional,
  additional_fee: toYuan(r.additional_fee)
})

function bodyOf(v: FormValues): AdminFreightTemplateInput {
  return {
    name: v.name,
    charge_by: v.charge_by,
    default_rule: ruleToFen(v.default_rule),
    region_rules: (v.region_rules ?? []).map((r) => ({ regions: r.regions ?? [], ...ruleToFen(r) })),
    free_rules: (v.free_rules ?? []).map((r) => ({
      regions: r.regions ?? [],
      min_amount: fen(r.min_amount),
      min_pieces: r.min_pieces ?? 0
    })),
    undeliverable: v.undeliverable ?? []
  }
}

function valuesOf(t: AdminFreightTemplateRow | null): FormValues {
  if (!t)
    return {
      name: '',
      charge_by: 'piece',
      default_rule: { first: 1, first_fee: 8, additional: 1, additional_fee: 0 },
      region_rules: [],
      free_rules: [],
      undeliverable: []
    }
  return {
    name: t.name,
    charge_by: t.charge_by,
    default_rule: ruleToYuan(t.default_rule),
    region_rules: t.region_rules.map((r) => ({ regions: r.regions, ...ruleToYuan(r) })),
    free_rules: t.free_rules.map((r) => ({
      regions: r.regions,
      min_amount: r.min_amount ? toYuan(r.min_amount) : undefined,
      min_pieces: r.min_pieces || undefined
    })),
    undeliverable: t.undeliverable
  }
}

const unitOf = (by: AdminFreightChargeBy) => (by === 'weight' ? '克' : '件')

/** 首件¥8，续件¥2 — as the app shows a rule. */
function ruleText(r: AdminFreightFeeRule, by: AdminFreightChargeBy): string {
  const u = unitOf(by)
  return `首${r.first}${u} ¥${toYuan(r.first_fee)}，每续${r.additional}${u} ¥${toYuan(r.additional_fee)}`
}

function freeText(t: AdminFreightTemplateRow, names: Map<string, string>): string {
  if (!t.free_rules.length) return '无'
  return t.free_rules
    .map((r) => {
      const where = r.regions.length ? regionsText(r.regions, names) : '全国'
      const cond = [r.min_pieces ? `满${r.min_pieces}件` : '', r.min_amount ? `满${toYuan(r.min_amount)}元` : '']
        .filter(Boolean)
        .join('且')
      return `${where}${cond}包邮`
    })
    .join('；')
}

function regionsText(codes: string[], names: Map<string, string>): string {
  const shown = codes.slice(0, 3).map((c) => names.get(c) ?? c)
  return shown.join('、') + (codes.length > 3 ? ` 等 ${codes.length} 个地区` : '')
}

/** Provinces with their cities, checkable; a whole province checked is kept as the province's code. */
function RegionPicker({
  regions,
  value,
  onChange,
  disabled
}: {
  regions: AdminRegionOption[]
  value?: string[]
  onChange?(v: string[]): void
  disabled?: boolean
}) {
  const treeData = useMemo(
    () =>
      regions.map((p) => ({
        value: p.code,
        title: p.name,
        children: p.children?.map((c) => ({ value: c.code, title: c.name }))
      })),
    [regions]
  )
  return (
    <TreeSelect
      treeData={treeData}
      value={value}
      onChange={(v: string[]) => onChange?.(v)}
      treeCheckable
      showCheckedStrategy={TreeSelect.SHOW_PARENT}
      treeNodeFilterProp="title"
      placeholder="选择省份或城市"
      maxTagCount={8}
      style={{ width: '100%' }}
      disabled={disabled}
    />
  )
}

function RuleInputs({ prefix, by }: { prefix: (string | number)[]; by: AdminFreightChargeBy }) {
  const u = unitOf(by)
  const num = { precision: 0, min: 1, max: 1000000, style: { width: 110 } }
  const money = { precision: 2, min: 0, max: 999999.99, style: { width: 110 } }
  return (
    <Space wrap>
      <Form.Item name={[...prefix, 'first']} label={by === 'weight' ? '首重' : '首件'} rules={[{ required: true }]}>
        <InputNumber {...num} addonAfter={u} />
      </Form.Item>
      <Form.Item name={[...prefix, 'first_fee']} label="运费" rules={[{ required: true }]}>
        <InputNumber {...money} addonAfter="元" />
      </Form.Item>
      <Form.Item
        name={[...prefix, 'additional']}
        label={by === 'weight' ? '每续重' : '每续件'}
        rules={[{ required: true }]}
      >
        <InputNumber {...num} addonAfter={u} />
      </Form.Item>
      <Form.Item name={[...prefix, 'additional_fee']} label="续费" rules={[{ required: true }]}>
        <InputNumber {...money} addonAfter="元" />
      </Form.Item>
    </Space>
  )
}

/** 试算: the template as filled in, priced for a region, pieces, weight and amount by the server's own rule. */
function Preview({ form, regions }: { form: FormInstance<FormValues>; regions: AdminRegionOption[] }) {
  const { message } = App.useApp()
  const [place, setPlace] = useState<string[]>(['110000'])
  const [pieces, setPieces] = useState<number | null>(1)
  const [weight, setWeight] = useState<number | null>(500)
  const [amount, setAmount] = useState<number | null>(50)
  const [answer, setAnswer] = useState<AdminFreightPreview | null>(null)
  const by = Form.useWatch('charge_by', form)
  const options = useMemo(
    () =>
      regions.map((p) => ({
        value: p.code,
        label: p.name,
        children: p.children?.map((c) => ({ value: c.code, label: c.name }))
      })),
    [regions]
  )
  const run = async () => {
    try {
      const v = form.getFieldsValue(true) as FormValues
      setAnswer(
        await api.post<AdminFreightPreview>('/freight/preview', {
          ...bodyOf(v),
          name: v.name || '试算',
          province_code: place[0],
          city_code: place[1] ?? '',
          pieces: pieces ?? 1,
          weight: weight ?? 0,
          amount: fen(amount)
        })
      )
    } catch (e) {
      setAnswer(null)
      message.error((e as Error).message)
    }
  }
  return (
    <Card size="small" title="试算" style={{ marginTop: 8 }}>
      <Space wrap>
        <Cascader
          options={options}
          value={place}
          onChange={(v) => setPlace((v as string[]) ?? [])}
          changeOnSelect
          allowClear={false}
          style={{ width: 220 }}
          aria-label="收货地区"
        />
        <InputNumber
          aria-label="件数"
          min={1}
          max={9999}
          precision={0}
          value={pieces}
          onChange={setPieces}
          addonAfter="件"
        />
        {by === 'weight' && (
          <InputNumber
            aria-label="每件重量"
            min={0}
            max={1000000}
            precision={0}
            value={weight}
            onChange={setWeight}
            addonAfter="克/件"
          />
        )}
        <InputNumber
          aria-label="商品金额"
          min={0}
          max={999999.99}
          precision={2}
          value={amount}
          onChange={setAmount}
          addonAfter="元"
        />
        <Button onClick={() => void run()}>计算运费</Button>
      </Space>
      {answer && (
        <Alert
          style={{ marginTop: 8 }}
          type={answer.deliverable ? 'info' : 'warning'}
          showIcon
          message={answer.deliverable ? `运费 ¥${toYuan(answer.freight).toFixed(2)}：${answer.text}` : answer.text}
        />
      )}
    </Card>
  )
}

function TemplateEditor({
  editing,
  regions,
  onClose,
  onSaved
}: {
  editing: AdminFreightTemplateRow | null
  regions: AdminRegionOption[]
  onClose(): void
  onSaved(): void
}) {
  const { message } = App.useApp()
  const [form] = Form.useForm<FormValues>()
  const [dirty, setDirty] = useState(false)
  const [saving, setSaving] = useState(false)
  useUnsavedChanges(dirty)
  const by: AdminFreightChargeBy = Form.useWatch('charge_by', form) ?? editing?.charge_by ?? 'piece'

  const save = async (v: FormValues) => {
    setSaving(true)
    try {
      const body = bodyOf(v)
      if (editing)
        await api.post('/freight/edit', { ...body, template_id: editing.template_id, updated_at: editing.updated_at })
      else await api.post('/freight/add', { ...body })
      message.success(editing ? '运费模板已保存' : '运费模板已创建')
      setDirty(false)
      onSaved()
    } catch (e) {
      message.error((e as Error).message)
    } finally {
      setSaving(false)
    }
  }

  return (
    <Modal
      open
      width={860}
      title={editing ? `编辑运费模板：${editing.name}` : '新建运费模板'}
      okText="保存"
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={() => leave(onClose)}
      destroyOnClose
      maskClosable={false}
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={valuesOf(editing)}
        onValuesChange={() => setDirty(true)}
        onFinish={save}
      >
        <Space size={24} align="start">
          <Form.Item name="name" label="模板名称" rules={[{ required: true, message: '请填写模板名称' }, { max: 32 }]}>
            <Input style={{ width: 280 }} maxLength={32} />
          </Form.Item>
          <Form.Item name="charge_by" label="计费方式">
            <Radio.Group
              options={[
                { value: 'piece', label: '按件数' },
                { value: 'weight', label: '按重量（商品 SKU 的重量）' }
              ]}
            />
          </Form.Item>
        </Space>
        <div style={{ marginBottom: 8 }}>
          <Typography.Text strong>默认运费（未指定的地区）</Typography.Text>
        </div>
        <RuleInputs prefix={['default_rule']} by={by} />

        <div style={{ marginBottom: 8 }}>
          <Typography.Text strong>指定地区运费</Typography.Text>
        </div>
        <Form.List name="region_rules">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f) => (
                <Card key={f.key} size="small" style={{ marginBottom: 8 }}>
                  <Space align="start" style={{ width: '100%' }}>
                    <Form.Item name={[f.name, 'regions']} label="地区" style={{ width: 700 }}>
                      <RegionPicker regions={regions} />
                    </Form.Item>
                    <Button icon={<DeleteOutlined />} aria-label="删除这条" onClick={() => remove(f.name)} />
                  </Space>
                  <RuleInputs prefix={[f.name]} by={by} />
                </Card>
              ))}
              <Button
                icon={<PlusOutlined />}
                onClick={() => add({ regions: [], first: 1, first_fee: 10, additional: 1, additional_fee: 0 })}
                style={{ marginBottom: 16 }}
              >
                添加指定地区
              </Button>
            </>
          )}
        </Form.List>

        <div style={{ marginBottom: 8 }}>
          <Typography.Text strong>包邮条件</Typography.Text>
          <Typography.Text type="secondary">
            {' '}
            金额按优惠后的商品金额；同一地区以城市的条件优先，其次省份，最后全国
          </Typography.Text>
        </div>
        <Form.List name="free_rules">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f) => (
                <Space key={f.key} align="start" style={{ display: 'flex' }}>
                  <Form.Item name={[f.name, 'regions']} label="地区（不选为全国）" style={{ width: 420 }}>
                    <RegionPicker regions={regions} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'min_amount']} label="满金额">
                    <InputNumber min={0} max={999999.99} precision={2} addonAfter="元" style={{ width: 130 }} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'min_pieces']} label="满件数">
                    <InputNumber min={0} max={9999} precision={0} addonAfter="件" style={{ width: 110 }} />
                  </Form.Item>
                  <Form.Item label=" ">
                    <Button icon={<DeleteOutlined />} aria-label="删除这条" onClick={() => remove(f.name)} />
                  </Form.Item>
                </Space>
              ))}
              <Button icon={<PlusOutlined />} onClick={() => add({ regions: [] })} style={{ marginBottom: 16 }}>
                添加包邮条件
              </Button>
            </>
          )}
        </Form.List>

        <Form.Item name="undeliverable" label="不配送地区" tooltip="收货地址在这些地区时，使用本模板的商品不能下单">
          <RegionPicker regions={regions} />
        </Form.Item>
      </Form>
      <Preview form={form} regions={regions} />
    </Modal>
  )
}

/** 运费模板: how goods ship; each product picks one (商品编辑), goods without one use the default. */
export default function FreightTemplates() {
  const { can } = useSession()
  const editable = can('goods.edit')
  const { message } = App.useApp()
  const table = useRef<ActionType>()
  const act = useRowAction(table)
  const [regions, setRegions] = useState<AdminRegionOption[]>([])
  const [editing, setEditing] = useState<AdminFreightTemplateRow | null | 'new'>(null)

  useEffect(() => {
    api.get<{ list: AdminRegionOption[] }>('/freight/regions').then(
      ({ list }) => setRegions(list),
      (e: Error) => message.error(e.message)
    )
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once
  }, [])

  const names = useMemo(
    () =>
      new Map(
        regions.flatMap((p) => [[p.code, p.name] as const, ...(p.children ?? []).map((c) => [c.code, c.name] as const)])
      ),
    [regions]
  )

  const columns: ProColumns<AdminFreightTemplateRow>[] = [
    {
      title: '模板名称',
      dataIndex: 'name',
      width: 180,
      render: (_, t) => (
        <Space>
          {t.name}
          {t.is_default && <Tag color="blue">默认</Tag>}
        </Space>
      )
    },
    {
      title: '计费方式',
      dataIndex: 'charge_by',
      width: 90,
      render: (_, t) => (t.charge_by === 'weight' ? '按重量' : '按件数')
    },
    {
      title: '默认运费',
      dataIndex: 'default_rule',
      width: 220,
      render: (_, t) => ruleText(t.default_rule, t.charge_by)
    },
    {
      title: '指定地区',
      dataIndex: 'region_rules',
      width: 200,
      render: (_, t) =>
        t.region_rules.length
          ? t.region_rules.map((r, i) => (
              <div key={i}>{`${regionsText(r.regions, names)}：${ruleText(r, t.charge_by)}`}</div>
            ))
          : '无'
    },
    { title: '包邮', dataIndex: 'free_rules', width: 200, render: (_, t) => freeText(t, names) },
    {
      title: '不配送',
      dataIndex: 'undeliverable',
      width: 140,
      render: (_, t) => (t.undeliverable.length ? regionsText(t.undeliverable, names) : '无')
    },
    {
      title: '使用商品',
      dataIndex: 'goods_count',
      width: 90,
      render: (_, t) => (t.is_default ? `${t.goods_count} + 未选模板的` : t.goods_count)
    },
    { title: '更新时间', dataIndex: 'updated_at', width: 150, render: (_, t) => time(t.updated_at) },
    {
      title: '操作',
      valueType: 'option',
      width: 170,
      fixed: 'right',
      render: (_, t) =>
        editable && (
          <Space>
            <a onClick={() => leave(() => setEditing(t))}>编辑</a>
            {!t.is_default && (
              <Popconfirm
                title="设为默认后，未选运费模板的商品都按它计算运费。确定？"
                onConfirm={() =>
                  act(() => api.post('/freight/setDefault', { template_id: t.template_id }), `「${t.name}」已设为默认`)
                }
              >
                <a>设为默认</a>
              </Popconfirm>
            )}
            {!t.is_default && (
              <Popconfirm
                title={`删除运费模板「${t.name}」？`}
                onConfirm={() =>
                  act(() => api.post('/freight/delete', { template_id: t.template_id }), '运费模板已删除')
                }
              >
                <a>删除</a>
              </Popconfirm>
            )}
          </Space>
        )
    }
  ]

  return (
    <PageContainer
      title="运费模板"
      content="商品在编辑页选择运费模板，未选的用默认模板。一单中不同模板的商品各自计算运费后相加；收货地区按城市、省份、默认的顺序匹配。"
    >
      <ProTable<AdminFreightTemplateRow>
        rowKey="template_id"
        actionRef={table}
        columns={columns}
        search={false}
        pagination={false}
        scroll={{ x: 1300 }}
        request={async () => {
          const { list } = await api.get<{ list: AdminFreightTemplateRow[] }>('/freight/lists')
          return { data: list, total: list.length, success: true }
        }}
        toolBarRender={() => [
          editable && (
            <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              新建运费模板
            </Button>
          )
        ]}
      />
      {editing !== null && (
        <TemplateEditor
          editing={editing === 'new' ? null : editing}
          regions={regions}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null)
            table.current?.reload()
          }}
        />
      )}
    </PageContainer>
  )
}
