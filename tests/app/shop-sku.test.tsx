import Taro from '@tarojs/taro'

import type { ProductDetail, ProductSku } from '../../contract/shop'
import SkuPicker from '../../src/components/shop/SkuPicker'
import { byText, tap } from './events'
import { renderPage } from './render'

const sku = (
  id: number,
  values: string[],
  stock: number,
  price: number,
  over: Partial<ProductSku> = {}
): ProductSku => ({
  sku_id: id,
  spec_values: values,
  spec_text: values.join(' / '),
  price,
  line_price: 0,
  stock,
  image: `/static/sku-${id}.jpg`,
  on_shelf: true,
  available: stock > 0,
  ...over
})

/** A luopan in two sizes and two woods; 8寸 / 黑檀 is sold out, 6.5寸 / 黑檀 holds 3, the good allows 5 per order. */
const DETAIL: ProductDetail = {
  goods_id: 7,
  name: '三元三合综合罗盘',
  subtitle: '',
  image: '/static/a.jpg',
  price_min: 68800,
  price_max: 128800,
  line_price: 0,
  sales: 1234,
  stock: 23,
  category_id: 2,
  images: ['/static/a.jpg'],
  content: '',
  specs: [
    { name: '尺寸', values: ['6.5寸', '8寸'] },
    { name: '材质', values: ['红木', '黑檀'] }
  ],
  skus: [
    sku(1, ['6.5寸', '红木'], 12, 68800),
    sku(2, ['6.5寸', '黑檀'], 3, 88800),
    sku(3, ['8寸', '红木'], 8, 98800),
    sku(4, ['8寸', '黑檀'], 0, 128800)
  ],
  on_shelf: true,
  max_buy: 5,
  is_favorite: false
}

const value = (container: Element, text: string) => byText(container, '.sku-picker__value', text)
const plus = (container: Element) => container.querySelector('.stepper__plus')
const shownQuantity = (container: Element) => container.querySelector('.stepper__value')?.textContent

async function open(detail = DETAIL) {
  const onConfirm = jest.fn()
  const view = await renderPage(SkuPicker, { props: { detail, action: 'cart', onClose: jest.fn(), onConfirm } })
  return { ...view, onConfirm }
}

describe('SKU picker', () => {
  let toast: jest.SpyInstance
  beforeEach(() => {
    toast = jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' } as never)
  })

  it('starts on the first SKU that can be bought and shows its own price and stock', async () => {
    const { container } = await open()
    expect(value(container, '6.5寸')?.className).toContain('--on')
    expect(value(container, '红木')?.className).toContain('--on')
    expect(container.querySelector('.sku-picker__stock')?.textContent).toBe('库存 12 件')
    expect(container.querySelector('.shop-price__now')?.textContent).toBe('¥688.00')
    await tap(value(container, '黑檀'))
    expect(container.querySelector('.sku-picker__stock')?.textContent).toBe('库存 3 件')
    expect(container.querySelector('.shop-price__now')?.textContent).toBe('¥888.00')
  })

  it('disables a value whose SKU is sold out, given the other choices', async () => {
    const { container } = await open()
    await tap(value(container, '8寸'))
    // 8寸 / 黑檀 has no stock: 黑檀 cannot be chosen with 8寸 ...
    expect(value(container, '黑檀')?.className).toContain('--off')
    await tap(value(container, '黑檀'))
    expect(value(container, '黑檀')?.className).not.toContain('--on')
    expect(toast).toHaveBeenLastCalledWith(expect.objectContaining({ title: '材质「黑檀」已售罄' }))
    // ... but with 6.5寸 it can.
    await tap(value(container, '6.5寸'))
    expect(value(container, '黑檀')?.className).not.toContain('--off')
  })

  it('stops the quantity at the SKU’s stock and says so', async () => {
    const { container, onConfirm } = await open()
    await tap(value(container, '黑檀'))
    for (let i = 0; i < 4; i++) await tap(plus(container))
    expect(shownQuantity(container)).toBe('3')
    expect(toast).toHaveBeenLastCalledWith(expect.objectContaining({ title: '库存仅剩 3 件' }))
    await tap(container.querySelector('.sku-picker__confirm'))
    expect(onConfirm).toHaveBeenCalledWith(expect.objectContaining({ sku_id: 2 }), 3, 'cart')
  })

  it('stops at the per-order limit if stock is larger; lowers the quantity when a smaller SKU is chosen', async () => {
    const { container, onConfirm } = await open()
    for (let i = 0; i < 6; i++) await tap(plus(container))
    expect(shownQuantity(container)).toBe('5')
    expect(toast).toHaveBeenLastCalledWith(expect.objectContaining({ title: '每单限购 5 件' }))
    await tap(value(container, '黑檀'))
    expect(shownQuantity(container)).toBe('3')
    await tap(container.querySelector('.sku-picker__confirm'))
    expect(onConfirm).toHaveBeenCalledWith(expect.objectContaining({ sku_id: 2 }), 3, 'cart')
  })

  it('asks for the spec still missing, and refuses a good whose SKUs are all sold out', async () => {
    const { container, onConfirm, unmount } = await open()
    await tap(value(container, '红木')) // tapping the chosen value clears it
    await tap(container.querySelector('.sku-picker__confirm'))
    expect(toast).toHaveBeenLastCalledWith(expect.objectContaining({ title: '请选择 材质' }))
    expect(onConfirm).not.toHaveBeenCalled()
    unmount()

    const soldOut = { ...DETAIL, skus: DETAIL.skus.map((s) => ({ ...s, stock: 0, available: false })) }
    const view = await open(soldOut)
    expect(view.container.querySelectorAll('.sku-picker__value--off')).toHaveLength(4)
    expect(view.container.querySelector('.sku-picker__confirm')?.className).toContain('--off')
  })
})
