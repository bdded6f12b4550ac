import type { Address, RegionNode } from '../../contract/shop'
import * as shop from '../../src/api/shop'
import AddressForm from '../../src/components/shop/AddressForm'
import { fireTaro, tap } from './events'
import { renderPage } from './render'

jest.mock('../../src/api/shop')
const api = shop as jest.Mocked<typeof shop>

// Codes of GB/T 2260 (民政部《中华人民共和国县以上行政区划代码》): 广东省 440000, 广州市 440100, 天河区 440106,
// 越秀区 440104, 东莞市 441900 (a prefecture-level city without districts), 北京市 110000 / 110100, 东城区 110101.
const TREE: RegionNode[] = [
  {
    code: '110000',
    name: '北京市',
    children: [{ code: '110100', name: '北京市', children: [{ code: '110101', name: '东城区' }] }]
  },
  {
    code: '440000',
    name: '广东省',
    children: [
      {
        code: '440100',
        name: '广州市',
        children: [
          { code: '440104', name: '越秀区' },
          { code: '440106', name: '天河区' }
        ]
      },
      { code: '441900', name: '东莞市', children: [] }
    ]
  }
]

const form = (container: Element) => ({
  name: container.querySelector('.address-form__name'),
  mobile: container.querySelector('.address-form__mobile'),
  detail: container.querySelector('.address-form__detail'),
  picker: container.querySelector('taro-picker-core'),
  submit: container.querySelector('.address-form__submit')
})
const errorOf = (container: Element, field: string) =>
  container.querySelector(`.address-form__error--${field}`)?.textContent

async function open(initial?: Address) {
  const onSubmit = jest.fn(async () => undefined)
  const view = await renderPage(AddressForm, { props: { initial, submitText: '保存地址', onSubmit } })
  return { ...view, onSubmit }
}

describe('address form', () => {
  beforeEach(() => api.getRegionTree.mockResolvedValue({ list: TREE, version: '1' }))

  it('names every missing field and sends nothing', async () => {
    const { container, onSubmit } = await open()
    await tap(form(container).submit)
    expect(errorOf(container, 'name')).toBe('请填写收货人姓名')
    expect(errorOf(container, 'mobile')).toBe('请输入收货人手机号')
    expect(errorOf(container, 'region')).toBe('请选择所在地区（省、市、区县）')
    expect(errorOf(container, 'detail')).toBe('请填写详细地址')
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('names a bad mobile, a 1-char name, a too-short street; a message clears when its field changes', async () => {
    const { container, onSubmit } = await open()
    const f = form(container)
    await fireTaro(f.name, 'input', '张')
    await fireTaro(f.mobile, 'input', '1234567890')
    await fireTaro(f.detail, 'input', '1号')
    await tap(f.submit)
    expect(errorOf(container, 'name')).toBe('收货人姓名应为 2-20 个字')
    expect(errorOf(container, 'mobile')).toBe('收货人手机号格式不正确，请输入 11 位手机号')
    expect(errorOf(container, 'detail')).toContain('详细地址应为 5-120 个字')
    // 12345678901 starts with 12: no mainland mobile number does.
    await fireTaro(f.mobile, 'input', '12345678901')
    expect(errorOf(container, 'mobile')).toBeUndefined()
    await tap(f.submit)
    expect(errorOf(container, 'mobile')).toBe('收货人手机号格式不正确，请输入 11 位手机号')
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('names a receiver with digits or symbols, and takes 阿卜杜·热合曼 and rare characters', async () => {
    const { container } = await open()
    const f = form(container)
    for (const bad of ['张三3', '王五@家', '李四（公司）']) {
      await fireTaro(f.name, 'input', bad)
      await tap(f.submit)
      expect(errorOf(container, 'name')).toBe('收货人姓名只能包含中文、英文字母和间隔号')
    }
    for (const good of ['阿卜杜·热合曼', '𠇔思远', 'Tom Lee']) {
      await fireTaro(f.name, 'input', good)
      await tap(f.submit)
      expect(errorOf(container, 'name')).toBeUndefined()
    }
  })

  it('sends the codes picked in the province / city / district columns with the trimmed fields', async () => {
    const { container, onSubmit } = await open()
    const f = form(container)
    await fireTaro(f.name, 'input', ' 李四 ')
    await fireTaro(f.mobile, 'input', '13800138000')
    await fireTaro(f.detail, 'input', '天河路 385 号 12 楼')
    // 广东省 (1) / 广州市 (0) / 天河区 (1)
    await fireTaro(f.picker, 'change', [1, 0, 1])
    expect(container.querySelector('.address-form__region')?.textContent).toBe('广东省 广州市 天河区')
    await tap(f.submit)
    expect(onSubmit).toHaveBeenCalledWith({
      name: '李四',
      mobile: '13800138000',
      province_code: '440000',
      city_code: '440100',
      district_code: '440106',
      detail: '天河路 385 号 12 楼',
      is_default: false
    })
  })

  it('accepts a city without districts (东莞市) with an empty district code', async () => {
    const { container, onSubmit } = await open()
    const f = form(container)
    await fireTaro(f.name, 'input', '王五')
    await fireTaro(f.mobile, 'input', '13900139000')
    await fireTaro(f.detail, 'input', '南城街道鸿福路 100 号')
    await fireTaro(f.picker, 'change', [1, 1, 0])
    expect(container.querySelector('.address-form__region')?.textContent).toBe('广东省 东莞市')
    await tap(f.submit)
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ province_code: '440000', city_code: '441900', district_code: '' })
    )
  })

  it('opens an existing address with its fields and region filled in', async () => {
    const address: Address = {
      address_id: 3,
      name: '赵六',
      mobile: '13700137000',
      province: '北京市',
      city: '北京市',
      district: '东城区',
      province_code: '110000',
      city_code: '110100',
      district_code: '110101',
      detail: '东长安街 1 号',
      is_default: true,
      full_address: '北京市北京市东城区东长安街 1 号'
    }
    const { container, onSubmit } = await open(address)
    expect(container.querySelector('.address-form__region')?.textContent).toBe('北京市 北京市 东城区')
    await tap(form(container).submit)
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ name: '赵六', district_code: '110101', is_default: true })
    )
  })
})
