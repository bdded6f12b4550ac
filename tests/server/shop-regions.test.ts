import { REGIONS, resolveRegion } from '../../server/data/regions'

// The region package of the address picker. Expected counts come from the published division lists:
// 民政部《中华人民共和国行政区划统计表》 and the provinces' own government sites, as of 2022.

const province = (code: string) => REGIONS.find((p) => p.code === code)!
const city = (p: string, code: string) => province(p).children!.find((c) => c.code === code)!

test('31 provincial-level divisions of the mainland', () => {
  expect(REGIONS).toHaveLength(31)
})

test('municipalities: one city each, with their districts and counties', () => {
  // 北京、天津、上海: 16 districts each; 重庆: 26 districts and 12 counties (8 县 + 4 自治县).
  expect(city('110000', '110100').children).toHaveLength(16)
  expect(city('120000', '120100').children).toHaveLength(16)
  expect(city('310000', '310100').children).toHaveLength(16)
  expect(province('500000').children).toHaveLength(1)
  expect(city('500000', '500100').children).toHaveLength(38)
})

test('prefecture-level counts of some provinces', () => {
  // 广东省 21 地级市; 四川省 18 地级市 + 3 自治州; 江苏省 13 地级市.
  expect(province('440000').children).toHaveLength(21)
  expect(province('510000').children).toHaveLength(21)
  expect(province('320000').children).toHaveLength(13)
  // 海南省: 海口、三亚、三沙、儋州 and 15 county-level units directly under the province.
  expect(province('460000').children).toHaveLength(19)
  // 三沙市: 西沙区、南沙区 (2020).
  expect(city('460000', '460300').children!.map((d) => d.name)).toEqual(['西沙区', '南沙区'])
  // 湖北省 直辖: 仙桃、潜江、天门、神农架林区, lifted to the city level of the picker.
  expect(['429004', '429005', '429006', '429021'].map((c) => city('420000', c).name)).toEqual(['仙桃市', '潜江市', '天门市', '神农架林区'])
})

test('codes are six digits, unique, and carry their province prefix', () => {
  const seen = new Set<string>()
  for (const p of REGIONS) {
    for (const node of [p, ...p.children!, ...p.children!.flatMap((c) => c.children ?? [])]) {
      expect(node.code).toMatch(/^\d{6}$/)
      expect(node.code.slice(0, 2)).toBe(p.code.slice(0, 2))
      expect(node.name.length).toBeGreaterThan(1)
      expect(seen.has(node.code)).toBe(false)
      seen.add(node.code)
    }
  }
})

test('codes resolve to names; a city without districts takes none', () => {
  // 440305 南山区 (深圳市), 441900 东莞市, 500101 万州区 (重庆市).
  expect(resolveRegion('440000', '440300', '440305')).toEqual({ province: '广东省', city: '深圳市', district: '南山区' })
  expect(resolveRegion('440000', '441900', '')).toEqual({ province: '广东省', city: '东莞市', district: '' })
  expect(resolveRegion('500000', '500100', '500101')).toEqual({ province: '重庆市', city: '重庆市', district: '万州区' })
  expect(resolveRegion('440000', '110100', '110101')).toEqual({ bad: 'city_code' })
  expect(resolveRegion('440000', '440300', '')).toEqual({ bad: 'district_code' })
  expect(resolveRegion('990000', '', '')).toEqual({ bad: 'province_code' })
})
