import './helpers/native-modules'

import { desc, eq } from 'drizzle-orm'

import { adminAuditLogs, freightTemplates, shopCategories, shopGoods, shopSkus } from '../../server/db/schema'
import { computeFreight, type FreightTemplate } from '../../server/modules/shop/freight'
import { type GoodsSeed, seedGoods } from '../../server/seed/shop'
import { addOperator, type AdminClient, ownerClient } from './helpers/admin'
import { call, createTestContext, login, type TestContext } from './helpers/test-app'

// 运费模板: the pricing rule (shop/freight.ts), the checkout and cart that use it, and the console's screens.

const BEIJING = { provinceCode: '110000', cityCode: '110100' }
const URUMQI = { provinceCode: '650000', cityCode: '650100' }
const LHASA = { provinceCode: '540000', cityCode: '540100' }

function template(over: Partial<FreightTemplate> = {}): FreightTemplate {
  return {
    id: 1,
    name: '测试模板',
    chargeBy: 'piece',
    defaultRule: { first: 1, firstFee: 800, additional: 1, additionalFee: 200 },
    regionRules: [],
    freeRules: [],
    undeliverable: [],
    isDefault: true,
    ...over
  }
}
const line = (over: Partial<Parameters<typeof computeFreight>[1][number]> = {}) => ({
  name: '罗盘',
  freightTemplateId: null,
  quantity: 1,
  weight: 0,
  amount: 5000,
  ...over
})

describe('the rule', () => {
  test('per piece: first piece, then each additional', () => {
    expect(computeFreight([template()], [line({ quantity: 1 })], BEIJING)).toEqual({
      fee: 800,
      text: '首件¥8',
      undeliverable: []
    })
    expect(computeFreight([template()], [line({ quantity: 4 })], BEIJING).fee).toBe(800 + 3 * 200)
    expect(computeFreight([template()], [line({ quantity: 4 })], BEIJING).text).toBe('首件¥8，续件¥2')
    // First 2 pieces ¥10, each further 3 (or part of 3) ¥4: 7 pieces = 10 + 2 × 4.
    const t = template({ defaultRule: { first: 2, firstFee: 1000, additional: 3, additionalFee: 400 } })
    expect(computeFreight([t], [line({ quantity: 7 })], BEIJING).fee).toBe(1800)
  })

  test('per weight: grams of every unit, first weight then each additional step', () => {
    const t = template({
      chargeBy: 'weight',
      defaultRule: { first: 1000, firstFee: 1000, additional: 500, additionalFee: 300 }
    })
    // 3 × 600 g = 1.8 kg: first kg ¥10, then 800 g = two 500 g steps.
    const r = computeFreight([t], [line({ quantity: 3, weight: 600 })], BEIJING)
    expect(r.fee).toBe(1000 + 2 * 300)
    expect(r.text).toBe('首重1kg¥10，续重每500g¥3')
    expect(computeFreight([t], [line({ quantity: 1, weight: 900 })], BEIJING).fee).toBe(1000)
  })

  test('a region rule overrides the default; a city rule beats its province rule', () => {
    const t = template({
      regionRules: [
        { regions: ['650000'], first: 1, firstFee: 1500, additional: 1, additionalFee: 500 },
        { regions: ['650100'], first: 1, firstFee: 1200, additional: 1, additionalFee: 0 }
      ]
    })
    expect(computeFreight([t], [line()], { provinceCode: '650000', cityCode: '650200' })).toMatchObject({
      fee: 1500,
      text: '新疆维吾尔自治区 首件¥15'
    })
    expect(computeFreight([t], [line()], URUMQI)).toMatchObject({ fee: 1200, text: '乌鲁木齐市 首件¥12' })
    expect(computeFreight([t], [line()], BEIJING).fee).toBe(800)
  })

  test('free shipping: amount after coupons, pieces, and a region’s own rule before the nationwide one', () => {
    const t = template({
      freeRules: [
        { regions: [], minAmount: 9900, minPieces: 0 },
        { regions: ['650000'], minAmount: 19900, minPieces: 0 },
        { regions: ['540000'], minAmount: 0, minPieces: 3 }
      ]
    })
    expect(computeFreight([t], [line({ amount: 9900 })], BEIJING)).toMatchObject({ fee: 0, text: '满99元包邮' })
    expect(computeFreight([t], [line({ amount: 9899 })], BEIJING)).toMatchObject({
      fee: 800,
      text: '首件¥8，满99元包邮'
    })
    // The coupon's share counts: 105 - 10 = 95 is below 99.
    expect(computeFreight([t], [line({ amount: 10500 })], BEIJING, 1000).fee).toBe(800)
    expect(computeFreight([t], [line({ amount: 15000 })], URUMQI).fee).toBe(800)
    expect(computeFreight([t], [line({ amount: 19900 })], URUMQI).text).toBe('满199元包邮')
    expect(computeFreight([t], [line({ quantity: 3, amount: 3000 })], LHASA)).toMatchObject({
      fee: 0,
      text: '满3件包邮'
    })
    // Both conditions of one rule must hold.
    const both = template({ freeRules: [{ regions: [], minAmount: 5000, minPieces: 2 }] })
    expect(computeFreight([both], [line({ quantity: 1, amount: 9000 })], BEIJING).fee).toBeGreaterThan(0)
    expect(computeFreight([both], [line({ quantity: 2, amount: 9000 })], BEIJING).text).toBe('满2件且满50元包邮')
  })

  test('no address yet: the default rule and nationwide free rules, saying the address decides', () => {
    const t = template({
      regionRules: [{ regions: ['650000'], first: 1, firstFee: 1500, additional: 1, additionalFee: 0 }],
      undeliverable: ['540000']
    })
    expect(computeFreight([t], [line()], null)).toEqual({
      fee: 800,
      text: '首件¥8（以收货地址为准）',
      undeliverable: []
    })
  })

  test('mixed templates are charged per template and summed; the coupon is shared by amount', () => {
    const standard = template({ freeRules: [{ regions: [], minAmount: 9900, minPieces: 0 }] })
    const heavy = template({
      id: 2,
      name: '大件',
      isDefault: false,
      defaultRule: { first: 1, firstFee: 2000, additional: 1, additionalFee: 1000 }
    })
    const lines = [
      line({ name: '香炉', freightTemplateId: 2, quantity: 2, amount: 20000 }),
      line({ name: '手串', amount: 12000 })
    ]
    const r = computeFreight([standard, heavy], lines, BEIJING)
    expect(r.fee).toBe(3000)
    expect(r.text).toBe('大件：首件¥20，续件¥10；测试模板：满99元包邮')
    // 12,000 of 32,000 takes 3/8 of a 8,000 coupon: 12,000 - 3,000 = 9,000 < 9,900.
    expect(computeFreight([standard, heavy], lines, BEIJING, 8000).fee).toBe(3800)
  })

  test('an undeliverable region names the goods', () => {
    const t = template({ undeliverable: ['540000', '650100'] })
    expect(computeFreight([t], [line({ name: '铜葫芦' })], LHASA)).toMatchObject({
      text: '该地区不配送：铜葫芦',
      undeliverable: ['铜葫芦']
    })
    expect(computeFreight([t], [line()], { provinceCode: '650000', cityCode: '650200' }).undeliverable).toEqual([])
  })
})

// ---- through the API ----

let ctx: TestContext
let owner: AdminClient
let buyer: { userId: number; token: string }
let categoryId: number
let seq = 0

const get = (url: string, params: Record<string, unknown> = {}) => call(ctx.app, 'GET', url, params, buyer.token)
const post = (url: string, params: Record<string, unknown> = {}) => call(ctx.app, 'POST', url, params, buyer.token)

async function makeGoods(price: number, templateId: number | null = null, weight = 0) {
  const def: GoodsSeed = {
    slug: `test-freight-${++seq}`,
    category: 'test',
    name: `运费商品${seq}`,
    subtitle: '',
    sales: 0,
    daysAgo: 0,
    intro: ['测试'],
    params: [],
    price,
    stock: 100
  }
  const goodsId = await ctx.database.db.transaction((tx) => seedGoods(tx, def, categoryId))
  await ctx.database.db.update(shopGoods).set({ freightTemplateId: templateId }).where(eq(shopGoods.id, goodsId))
  await ctx.database.db.update(shopSkus).set({ weight }).where(eq(shopSkus.goodsId, goodsId))
  const [sku] = await ctx.database.db.select().from(shopSkus).where(eq(shopSkus.goodsId, goodsId))
  return { goodsId, skuId: sku.id, name: def.name }
}

async function address(province: string, city: string, district: string): Promise<number> {
  const res = await post('/api/user.address/add', {
    name: '李四',
    mobile: '13900139000',
    province_code: province,
    city_code: city,
    district_code: district,
    detail: '人民路100号2单元'
  })
  expect(res.msg).toBe('success')
  return res.data.detail.address_id
}

const templateBody = (over: Record<string, unknown> = {}) => ({
  name: `模板${++seq}`,
  charge_by: 'piece',
  default_rule: { first: 1, first_fee: 1000, additional: 1, additional_fee: 500 },
  region_rules: [{ regions: ['650000'], first: 1, first_fee: 2000, additional: 1, additional_fee: 1000 }],
  free_rules: [{ regions: [], min_amount: 30000, min_pieces: 0 }],
  undeliverable: ['540000'],
  ...over
})

beforeAll(async () => {
  ctx = await createTestContext()
  owner = await ownerClient(ctx.app, ctx.database.db)
  buyer = await login(ctx.app, '运费买家')
  const [c] = await ctx.database.db
    .insert(shopCategories)
    .values({ slug: 'test-freight-cat', name: '运费测试' })
    .returning()
  categoryId = c.id
}, 180_000)

afterAll(() => ctx.close())

test('the database starts with a default template equal to the old rule: ¥8, free from ¥99', async () => {
  const [d] = await ctx.database.db.select().from(freightTemplates).where(eq(freightTemplates.isDefault, true))
  expect(d).toMatchObject({
    chargeBy: 'piece',
    defaultRule: { first: 1, firstFee: 800, additional: 1, additionalFee: 0 },
    freeRules: [{ regions: [], minAmount: 9900, minPieces: 0 }]
  })
})

describe('checkout and cart', () => {
  let templateId: number
  let beijing: number
  let urumqi: number
  let lhasa: number

  beforeAll(async () => {
    const made = await owner.post('/freight/add', templateBody({ name: '大件运费' }))
    expect(made.msg).toBe('success')
    templateId = made.data.template_id
    beijing = await address('110000', '110100', '110105')
    urumqi = await address('650000', '650100', '650102')
    lhasa = await address('540000', '540100', '540102')
  })

  const preview = async (skuId: number, quantity: number, addressId?: number) =>
    (await get('/api/order.order/buy', { mode: 'buy_now', sku_id: skuId, quantity, address_id: addressId })).data
      .preview

  test('goods without a template take the default one', async () => {
    const g = await makeGoods(4500)
    expect(await preview(g.skuId, 1, beijing)).toMatchObject({
      freight: 800,
      freight_text: '首件¥8，满99元包邮',
      free_freight_from: 9900,
      pay_amount: 5300
    })
    expect(await preview(g.skuId, 3, beijing)).toMatchObject({ freight: 0, freight_text: '满99元包邮' })
  })

  test('a template’s region rule prices the address; the order keeps that freight', async () => {
    const g = await makeGoods(5000, templateId)
    expect(await preview(g.skuId, 2, beijing)).toMatchObject({
      freight: 1500,
      freight_text: '首件¥10，续件¥5，满300元包邮'
    })
    expect(await preview(g.skuId, 2, urumqi)).toMatchObject({
      freight: 3000,
      freight_text: '新疆维吾尔自治区 首件¥20，续件¥10，满300元包邮'
    })
    const buy = await post('/api/order.order/buy', {
      mode: 'buy_now',
      sku_id: g.skuId,
      quantity: 2,
      address_id: urumqi,
      request_id: `freight-${Date.now()}`,
      user_coupon_id: 0
    })
    expect(buy.msg).toBe('success')
    expect(buy.data.pay_amount).toBe(10000 + 3000)
  })

  test('an undeliverable address refuses checkout, naming the goods', async () => {
    const g = await makeGoods(5000, templateId)
    const p = await preview(g.skuId, 1, lhasa)
    expect(p.can_submit).toBe(false)
    expect(p.deliverable).toBe(false)
    expect(p.problem).toContain(`该地区不配送：${g.name}`)
    expect(p.freight_text).toBe(`该地区不配送：${g.name}`)
    const buy = await post('/api/order.order/buy', {
      mode: 'buy_now',
      sku_id: g.skuId,
      quantity: 1,
      address_id: lhasa,
      request_id: `freight-no-${Date.now()}`,
      user_coupon_id: 0
    })
    expect(buy.code).toBe(0)
    expect(buy.msg).toContain(g.name)
  })

  test('by weight, through the goods’ SKU weight', async () => {
    const made = await owner.post(
      '/freight/add',
      templateBody({
        name: '按重量',
        charge_by: 'weight',
        default_rule: { first: 1000, first_fee: 1000, additional: 1000, additional_fee: 600 },
        region_rules: [],
        free_rules: [],
        undeliverable: []
      })
    )
    expect(made.msg).toBe('success')
    const g = await makeGoods(2000, made.data.template_id, 700)
    // 3 × 700 g = 2.1 kg: ¥10 for the first kg, 2 further kg started.
    expect(await preview(g.skuId, 3, beijing)).toMatchObject({ freight: 2200, freight_text: '首重1kg¥10，续重每1kg¥6' })
  })

  test('mixed templates in one cart: charged per template and summed, shown in the cart too', async () => {
    const own = await makeGoods(5000, templateId)
    const plain = await makeGoods(12000)
    for (const l of (await get('/api/order.cart/lists')).data.list)
      await post('/api/order.cart/delete', { cart_ids: [l.cart_id] })
    await post('/api/order.cart/add', { sku_id: own.skuId, quantity: 1 })
    const cart = await post('/api/order.cart/add', { sku_id: plain.skuId, quantity: 1 })
    // The cart prices to the default address (the first one added, in Beijing), before coupons.
    expect(cart.data.summary).toMatchObject({
      freight: 1000,
      freight_text: '大件运费：首件¥10，满300元包邮；默认运费：满99元包邮'
    })
    const p = (await get('/api/order.order/buy', { mode: 'cart', address_id: urumqi, user_coupon_id: 0 })).data.preview
    expect(p.freight).toBe(2000)
    expect(p.freight_text).toBe('大件运费：新疆维吾尔自治区 首件¥20，满300元包邮；默认运费：满99元包邮')
  })

  test('no address yet: the default rule, saying the address decides', async () => {
    const newcomer = await login(ctx.app, '运费新人')
    const g = await makeGoods(5000, templateId)
    const res = await call(ctx.app, 'GET', '/api/order.order/buy', { mode: 'buy_now', sku_id: g.skuId }, newcomer.token)
    expect(res.data.preview).toMatchObject({
      freight: 1000,
      freight_text: '首件¥10，满300元包邮（以收货地址为准）',
      problem: '请添加收货地址'
    })
  })

  test('an edit applies to the next checkout at once', async () => {
    const g = await makeGoods(5000, templateId)
    const [row] = (await owner.get('/freight/lists')).data.list.filter((t: any) => t.template_id === templateId)
    const edited = await owner.post('/freight/edit', {
      ...row,
      default_rule: { first: 1, first_fee: 300, additional: 1, additional_fee: 0 }
    })
    expect(edited.msg).toBe('success')
    expect((await preview(g.skuId, 1, beijing)).freight).toBe(300)
  })
})

describe('console', () => {
  test('only goods editors write; goods viewers list; others are refused', async () => {
    const ops = await addOperator(ctx.app, owner, 'freight_ops', 'operations')
    expect((await ops.get('/freight/lists')).code).toBe(1)
    expect((await ops.post('/freight/add', templateBody())).code).toBe(1)
    const finance = await addOperator(ctx.app, owner, 'freight_fin', 'finance')
    expect((await finance.get('/freight/lists')).msg).toBe('没有权限执行此操作')
    expect((await finance.post('/freight/add', templateBody())).msg).toBe('没有权限执行此操作')
    expect(
      (await finance.post('/freight/preview', { ...templateBody(), province_code: '110000', pieces: 1, amount: 0 })).msg
    ).toBe('没有权限执行此操作')
  })

  test('bad input is refused naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, '模板名称不能为空'],
      [{ charge_by: 'volume' }, '计费方式不正确'],
      [{ default_rule: { first: 0, first_fee: 100, additional: 1, additional_fee: 0 } }, '默认运费 首件/首重至少 1'],
      [
        { region_rules: [{ regions: ['650000'], first: 1, first_fee: -1, additional: 1, additional_fee: 0 }] },
        '指定地区运费 第 1 个 首费至少 0.00 元'
      ],
      [{ undeliverable: ['999999'] }, '地区不正确，请从地区列表中选择'],
      [
        { region_rules: [{ regions: [], first: 1, first_fee: 100, additional: 1, additional_fee: 0 }] },
        '第 1 条指定地区运费请选择地区'
      ],
      [
        {
          region_rules: [
            { regions: ['650000'], first: 1, first_fee: 100, additional: 1, additional_fee: 0 },
            { regions: ['650000'], first: 1, first_fee: 200, additional: 1, additional_fee: 0 }
          ]
        },
        '「新疆维吾尔自治区」同时在第 1 条和第 2 条指定地区运费中'
      ],
      [{ free_rules: [{ regions: [], min_amount: 0, min_pieces: 0 }] }, '第 1 条包邮条件请填写包邮金额或包邮件数']
    ]
    for (const [over, msg] of cases) expect((await owner.post('/freight/add', templateBody(over))).msg).toBe(msg)
  })

  test('delete refused while goods use it; the default cannot be deleted; set default moves it; audited', async () => {
    const made = await owner.post('/freight/add', templateBody({ name: '将被删除' }))
    const id = made.data.template_id
    const g = await makeGoods(1000, id)
    expect((await owner.post('/freight/delete', { template_id: id })).msg).toBe(
      '还有 1 件商品使用「将被删除」，请先为这些商品换一个运费模板'
    )
    await ctx.database.db.update(shopGoods).set({ freightTemplateId: null }).where(eq(shopGoods.id, g.goodsId))

    expect((await owner.post('/freight/setDefault', { template_id: id })).data.is_default).toBe(true)
    const list = (await owner.get('/freight/lists')).data.list
    expect(list.filter((t: any) => t.is_default).map((t: any) => t.template_id)).toEqual([id])
    expect((await owner.post('/freight/delete', { template_id: id })).msg).toBe(
      '默认运费模板不能删除，请先把另一个模板设为默认'
    )
    const old = list.find((t: any) => t.name === '默认运费')
    expect((await owner.post('/freight/setDefault', { template_id: old.template_id })).code).toBe(1)
    expect((await owner.post('/freight/delete', { template_id: id })).msg).toBe('success')
    expect((await owner.get('/freight/lists')).data.list.some((t: any) => t.template_id === id)).toBe(false)

    const actions = (
      await ctx.database.db
        .select({ action: adminAuditLogs.action })
        .from(adminAuditLogs)
        .where(eq(adminAuditLogs.targetId, String(id)))
        .orderBy(desc(adminAuditLogs.id))
    ).map((r) => r.action)
    expect(actions).toEqual(['freight.delete', 'freight.setDefault', 'freight.add'])
  })

  test('a stale edit is refused; names are unique', async () => {
    const made = await owner.post('/freight/add', templateBody({ name: '唯一名字' }))
    expect((await owner.post('/freight/add', templateBody({ name: '唯一名字' }))).msg).toBe(
      '已有名为「唯一名字」的运费模板'
    )
    const first = await owner.post('/freight/edit', { ...made.data, name: '改过一次' })
    expect(first.msg).toBe('success')
    expect((await owner.post('/freight/edit', { ...made.data, name: '改过两次' })).msg).toBe(
      '该记录已被他人修改，请刷新后再编辑'
    )
  })

  test('preview prices a draft for a region, pieces and amount', async () => {
    const body = templateBody()
    const at = (over: Record<string, unknown>) =>
      owner.post('/freight/preview', { ...body, province_code: '110000', pieces: 2, amount: 5000, ...over })
    expect((await at({})).data).toEqual({ freight: 1500, text: '首件¥10，续件¥5，满300元包邮', deliverable: true })
    expect((await at({ province_code: '650000', city_code: '650100' })).data.freight).toBe(3000)
    expect((await at({ amount: 30000 })).data).toMatchObject({ freight: 0, text: '满300元包邮' })
    expect((await at({ province_code: '540000' })).data).toMatchObject({ deliverable: false })
    expect((await at({ pieces: 0 })).msg).toBe('件数至少 1 件')
  })

  test('the goods editor picks a template and a SKU weight; an unknown template is refused', async () => {
    const made = await owner.post('/freight/add', templateBody({ name: '商品用' }))
    const goods = {
      category_id: categoryId,
      name: '带模板的商品',
      images: ['/static/demo/goods/x.png'],
      specs: [],
      skus: [{ spec_values: [], price: 1000, stock: 5, weight: 350 }],
      freight_template_id: made.data.template_id
    }
    const saved = await owner.post('/goods/add', goods)
    expect(saved.msg).toBe('success')
    expect(saved.data).toMatchObject({ freight_template_id: made.data.template_id, skus: [{ weight: 350 }] })
    expect((await owner.post('/goods/add', { ...goods, freight_template_id: 999_999 })).msg).toBe(
      '所选运费模板不存在，请刷新后重选'
    )
    expect(
      (await owner.post('/goods/add', { ...goods, skus: [{ spec_values: [], price: 1000, weight: -1 }] })).msg
    ).toBe('SKU 第 1 个 重量至少 0 克')
    const none = await owner.post('/goods/add', { ...goods, name: '不带模板', freight_template_id: null })
    expect(none.data.freight_template_id).toBeNull()
  })
})
