import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import {
  PageContainer,
  ProCard,
  ProForm,
  ProFormDigit,
  ProFormItem,
  ProFormSelect,
  ProFormSwitch,
  ProFormText
} from '@ant-design/pro-components'
import type {
  AdminCategoryRow,
  AdminFreightTemplateRow,
  AdminGoodsDetail,
  AdminGoodsInput,
  AdminSpec
} from '@contract/admin'
import {
  Alert,
  App,
  Button,
  Input,
  InputNumber,
  Result,
  Select,
  Space,
  Spin,
  Switch,
  Table,
  Tag,
  Typography
} from 'antd'
import { useEffect, useMemo, useState } from 'react'
import { useNavigate, useParams } from 'react-router-dom'

import { api } from '../../api/client'
import { HtmlEditor } from '../../components/HtmlEditor'
import { ImageUpload } from '../../components/ImageUpload'
import { useSession } from '../../session'
import { leave, useUnsavedChanges } from '../../unsaved'

const MAX_SPECS = 3

/** A SKU row of the form: prices in yuan as typed, keyed by its spec combination. */
interface SkuDraft {
  key: string
  spec_values: string[]
  sku_id: number
  price: number | null
  line_price: number | null
  stock: number | null
  sales: number
  on_shelf: boolean
  /** Grams per unit. */
  weight: number | null
  /** 库存预警 threshold; 0: no alert. */
  low_stock: number | null
}

type BasicFields = Pick<
  AdminGoodsInput,
  'category_id' | 'name' | 'subtitle' | 'images' | 'content' | 'max_buy' | 'on_shelf' | 'freight_template_id'
>

const keyOf = (values: string[]) => values.join('|')

/** Every combination of the specs' values, in spec order (颜色 × 尺寸 …); one empty one without specs. */
function combinations(specs: AdminSpec[]): string[][] {
  return specs
    .filter((s) => s.name.trim() && s.values.length)
    .reduce<string[][]>((acc, s) => acc.flatMap((combo) => s.values.map((v) => [...combo, v])), [[]])
}

const toFen = (yuan: number | null) => (yuan === null || yuan === undefined ? 0 : Math.round(yuan * 100))

/** Creating or editing a product: basics, gallery, specs and their SKUs with price and stock, and the detail. */
export default function GoodsEdit() {
  const { id } = useParams()
  const goodsId = id === 'new' ? 0 : Number(id)
  const { can } = useSession()
  const editable = can('goods.edit')
  const { message } = App.useApp()
  const navigate = useNavigate()
  const [form] = ProForm.useForm<BasicFields>()
  const [categories, setCategories] = useState<AdminCategoryRow[]>([])
  const [templates, setTemplates] = useState<AdminFreightTemplateRow[]>([])
  const [loaded, setLoaded] = useState<AdminGoodsDetail | null>(null)
  const [loadError, setLoadError] = useState('')
  const [specs, setSpecs] = useState<AdminSpec[]>([])
  const [drafts, setDrafts] = useState<Record<string, SkuDraft>>({})
  const [saving, setSaving] = useState(false)
  const [dirty, setDirty] = useState(false)
  useUnsavedChanges(dirty && editable)

  useEffect(() => {
    api.get<{ list: AdminCategoryRow[] }>('/category/lists').then(
      ({ list }) => setCategories(list),
      (e: Error) => message.error(e.message)
    )
    api.get<{ list: AdminFreightTemplateRow[] }>('/freight/lists').then(
      ({ list }) => setTemplates(list),
      (e: Error) => message.error(e.message)
    )
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs only when these values change
  }, [])

  const load = async () => {
    if (!goodsId) return
    try {
      const detail = await api.get<AdminGoodsDetail>('/goods/detail', { goods_id: goodsId })
      setLoaded(detail)
      setSpecs(detail.specs)
      setDrafts(
        Object.fromEntries(
          detail.skus.map((s) => [
            keyOf(s.spec_values),
            {
              key: keyOf(s.spec_values),
              spec_values: s.spec_values,
              sku_id: s.sku_id,
              price: s.price / 100,
              line_price: s.line_price ? s.line_price / 100 : null,
              stock: s.stock,
              sales: s.sales,
              on_shelf: s.on_shelf,
              weight: s.weight,
              low_stock: s.low_stock
            }
          ])
        )
      )
      form.setFieldsValue(detail)
    } catch (e) {
      setLoadError((e as Error).message)
    }
  }

  useEffect(() => {
    void load()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs only when these values change
  }, [goodsId])

  // The rows shown: one per combination, keeping what was typed or saved for it.
  const rows = useMemo<SkuDraft[]>(
    () =>
      combinations(specs).map(
        (values) =>
          drafts[keyOf(values)] ?? {
            key: keyOf(values),
            spec_values: values,
            sku_id: 0,
            price: null,
            line_price: null,
            stock: 0,
            sales: 0,
            on_shelf: true,
            weight: 0,
            low_stock: 0
          }
      ),
    [specs, drafts]
  )
  const dropped = Object.values(drafts).filter((d) => d.sku_id && d.on_shelf && !rows.some((r) => r.key === d.key))

  // Specs and SKUs live outside the form: their edits count as unsaved work too.
  const editSpecs = (change: (list: AdminSpec[]) => AdminSpec[]) => {
    setDirty(true)
    setSpecs(change)
  }
  const setRow = (row: SkuDraft, patch: Partial<SkuDraft>) => {
    setDirty(true)
    setDrafts((d) => ({ ...d, [row.key]: { ...row, ...patch } }))
  }
  const setSpec = (i: number, patch: Partial<AdminSpec>) =>
    editSpecs((list) => list.map((s, j) => (j === i ? { ...s, ...patch } : s)))

  const save = async (basics: BasicFields) => {
    // Not returning the message: the form would wait for it to close before taking the next save.
    if (rows.some((r) => r.on_shelf && !r.price)) {
      message.error('请填写每个在售 SKU 的售价')
      return
    }
    const body: AdminGoodsInput = {
      ...basics,
      freight_template_id: basics.freight_template_id ?? null,
      subtitle: basics.subtitle ?? '',
      content: basics.content ?? '',
      specs: specs
        .filter((s) => s.name.trim() && s.values.length)
        .map((s) => ({ name: s.name.trim(), values: s.values })),
      skus: rows.map((r) => ({
        spec_values: r.spec_values,
        price: toFen(r.price),
        line_price: toFen(r.line_price),
        stock: r.sku_id ? 0 : (r.stock ?? 0),
        on_shelf: r.on_shelf,
        weight: r.weight ?? 0,
        low_stock: r.low_stock ?? 0
      }))
    }
    setSaving(true)
    try {
      const saved = loaded
        ? await api.post<AdminGoodsDetail>('/goods/edit', {
            ...body,
            goods_id: loaded.goods_id,
            updated_at: loaded.updated_at
          })
        : await api.post<AdminGoodsDetail>('/goods/add', { ...body })
      message.success(loaded ? '商品已保存' : '商品已创建')
      setDirty(false)
      navigate(`/goods/${saved.goods_id}`, { replace: true })
      if (loaded) await load()
    } catch (e) {
      message.error((e as Error).message)
    } finally {
      setSaving(false)
    }
  }

  if (loadError)
    return (
      <Result
        status="warning"
        title={loadError}
        extra={<Button onClick={() => navigate('/goods')}>返回商品列表</Button>}
      />
    )
  if (goodsId && !loaded) return <Spin style={{ display: 'block', margin: 80 }} />

  return (
    <PageContainer
      title={loaded ? `编辑商品：${loaded.name}` : '新增商品'}
      onBack={() => leave(() => navigate('/goods'))}
    >
      <ProForm<BasicFields>
        form={form}
        onValuesChange={() => setDirty(true)}
        disabled={!editable || saving}
        initialValues={loaded ?? { images: [], max_buy: 99, on_shelf: true, content: '' }}
        onFinish={save}
        submitter={{
          searchConfig: { submitText: '保存商品' },
          resetButtonProps: false,
          render: editable ? undefined : false
        }}
      >
        <ProCard title="基本信息" bordered headerBordered style={{ marginBottom: 16 }}>
          <ProFormSelect
            name="category_id"
            label="分类"
            width="md"
            options={categories.map((c) => ({ value: c.category_id, label: c.parent_id ? `└ ${c.name}` : c.name }))}
            rules={[{ required: true, message: '请选择分类' }]}
          />
          <ProFormText
            name="name"
            label="商品名称"
            width="xl"
            rules={[
              { required: true, message: '请填写商品名称' },
              { max: 64, message: '不超过 64 个字' }
            ]}
          />
          <ProFormText name="subtitle" label="副标题" width="xl" rules={[{ max: 128, message: '不超过 128 个字' }]} />
          <ProFormItem
            name="images"
            label="商品图片"
            tooltip="第一张是封面，最多 9 张"
            rules={[{ required: true, type: 'array', min: 1, message: '请至少上传一张图片' }]}
          >
            <ImageUpload max={9} />
          </ProFormItem>
          <Space size={48}>
            <ProFormDigit name="max_buy" label="每单限购" min={1} max={999} fieldProps={{ precision: 0 }} />
            <ProFormSwitch name="on_shelf" label="上架出售" />
          </Space>
          <ProFormSelect
            name="freight_template_id"
            label="运费模板"
            width="md"
            allowClear
            placeholder={`默认模板（${templates.find((t) => t.is_default)?.name ?? '默认运费'}）`}
            tooltip="不选则用默认运费模板；按重量计费的模板用下方各 SKU 的重量"
            options={templates.map((t) => ({
              value: t.template_id,
              label: `${t.name}${t.charge_by === 'weight' ? '（按重量）' : '（按件数）'}${t.is_default ? ' · 默认' : ''}`
            }))}
          />
        </ProCard>

        <ProCard
          title="规格与 SKU"
          bordered
          headerBordered
          style={{ marginBottom: 16 }}
          subTitle="每个规格组合一个 SKU，各自定价和库存"
        >
          {specs.map((spec, i) => (
            <Space key={i} align="start" style={{ display: 'flex', marginBottom: 8 }}>
              <Input
                placeholder="规格名，如 颜色"
                value={spec.name}
                maxLength={16}
                style={{ width: 160 }}
                onChange={(e) => setSpec(i, { name: e.target.value })}
                disabled={!editable}
              />
              <Select
                mode="tags"
                placeholder="输入规格值后回车，如 红色"
                value={spec.values}
                style={{ width: 480 }}
                tokenSeparators={[',', '，']}
                onChange={(values: string[]) =>
                  setSpec(i, { values: [...new Set(values.map((v) => v.trim()).filter((v) => v && v.length <= 20))] })
                }
                disabled={!editable}
              />
              {editable && (
                <Button
                  icon={<DeleteOutlined />}
                  onClick={() => editSpecs((list) => list.filter((_, j) => j !== i))}
                  aria-label="删除规格"
                />
              )}
            </Space>
          ))}
          {editable && specs.length < MAX_SPECS && (
            <Button
              icon={<PlusOutlined />}
              onClick={() => editSpecs((list) => [...list, { name: '', values: [] }])}
              style={{ marginBottom: 16 }}
            >
              添加规格
            </Button>
          )}
          {dropped.length > 0 && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 12 }}
              message={`保存后这些 SKU 将停售（已有订单不受影响）：${dropped.map((d) => d.spec_values.join(' / ') || '默认').join('、')}`}
            />
          )}
          <Table<SkuDraft>
            rowKey="key"
            size="small"
            pagination={false}
            dataSource={rows}
            columns={[
              { title: '规格', width: 180, render: (_, r) => r.spec_values.join(' / ') || '默认（无规格）' },
              {
                title: '售价（元）',
                width: 140,
                render: (_, r) => (
                  <InputNumber
                    aria-label="售价"
                    min={0.01}
                    max={999999.99}
                    precision={2}
                    value={r.price}
                    onChange={(price) => setRow(r, { price })}
                    disabled={!editable}
                  />
                )
              },
              {
                title: '划线价（元）',
                width: 140,
                render: (_, r) => (
                  <InputNumber
                    aria-label="划线价"
                    min={0}
                    max={999999.99}
                    precision={2}
                    value={r.line_price}
                    onChange={(line_price) => setRow(r, { line_price })}
                    disabled={!editable}
                  />
                )
              },
              {
                title: '库存',
                width: 140,
                render: (_, r) =>
                  r.sku_id ? (
                    <span title="已有 SKU 的库存在商品列表的「库存」里调整，并留下记录">{r.stock}</span>
                  ) : (
                    <InputNumber
                      aria-label="初始库存"
                      min={0}
                      max={9999999}
                      precision={0}
                      value={r.stock}
                      onChange={(stock) => setRow(r, { stock })}
                      disabled={!editable}
                    />
                  )
              },
              {
                title: (
                  <span>
                    库存预警
                    <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, fontWeight: 'normal' }}>
                      库存降到此数及以下时提醒运营，0 为不提醒
                    </Typography.Text>
                  </span>
                ),
                width: 170,
                render: (_, r) => (
                  <InputNumber
                    aria-label="库存预警"
                    min={0}
                    max={9999999}
                    precision={0}
                    value={r.low_stock}
                    onChange={(low_stock) => setRow(r, { low_stock })}
                    disabled={!editable}
                  />
                )
              },
              {
                title: '重量（克）',
                width: 120,
                render: (_, r) => (
                  <InputNumber
                    aria-label="重量"
                    min={0}
                    max={1000000}
                    precision={0}
                    value={r.weight}
                    onChange={(weight) => setRow(r, { weight })}
                    disabled={!editable}
                  />
                )
              },
              { title: '销量', width: 80, render: (_, r) => r.sales },
              {
                title: '在售',
                width: 80,
                render: (_, r) => (
                  <Switch
                    size="small"
                    checked={r.on_shelf}
                    onChange={(on_shelf) => setRow(r, { on_shelf })}
                    disabled={!editable}
                  />
                )
              },
              { title: '', render: (_, r) => (r.sku_id ? <Tag>已有</Tag> : <Tag color="blue">新增</Tag>) }
            ]}
          />
        </ProCard>

        <ProCard
          title="商品详情"
          bordered
          headerBordered
          style={{ marginBottom: 16 }}
          subTitle="保存时会去掉脚本等不安全的内容"
        >
          <ProFormItem name="content">
            <HtmlEditor />
          </ProFormItem>
        </ProCard>
      </ProForm>
    </PageContainer>
  )
}
