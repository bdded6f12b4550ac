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
  expect(['429004', '429005', '429006', '429021'].map((c) => city('420000', c).name)).toEqual([
    '仙桃市',
    '潜江市',
    '天门市',
    '神农架林区'
  ])
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
  expect(resolveRegion('440000', '440300', '440305')).toEqual({
    province: '广东省',
    city: '深圳市',
    district: '南山区'
  })
  expect(resolveRegion('440000', '441900', '')).toEqual({ province: '广东省', city: '东莞市', district: '' })
  expect(resolveRegion('500000', '500100', '500101')).toEqual({
    province: '重庆市',
    city: '重庆市',
    district: '万州区'
  })
  expect(resolveRegion('440000', '110100', '110101')).toEqual({ bad: 'city_code' })
  expect(resolveRegion('440000', '440300', '')).toEqual({ bad: 'district_code' })
  expect(resolveRegion('990000', '', '')).toEqual({ bad: 'province_code' })
})

test('the far west and the south are complete: 西藏, 新疆 (with the 兵团 cities) and 海南', () => {
  // 西藏自治区: 6 地级市 + 阿里地区, 74 county-level divisions.
  const xizang = province('540000')
  expect(xizang.children!.map((c) => c.name)).toEqual([
    '拉萨市',
    '日喀则市',
    '昌都市',
    '林芝市',
    '山南市',
    '那曲市',
    '阿里地区'
  ])
  expect(xizang.children!.reduce((n, c) => n + c.children!.length, 0)).toBe(74)
  expect(city('540000', '542500').children!.map((d) => d.name)).toEqual([
    '普兰县',
    '札达县',
    '噶尔县',
    '日土县',
    '革吉县',
    '改则县',
    '措勤县'
  ])
  expect(city('540000', '540600').children).toHaveLength(11)

  // 新疆: 14 prefecture-level divisions (4 地级市, 5 地区, 5 自治州) with their 96 counties and districts,
  // and the 兵团 cities directly under the region, lifted to the city column without districts.
  const xinjiang = province('650000')
  const withDistricts = xinjiang.children!.filter((c) => c.children?.length)
  expect(withDistricts).toHaveLength(14)
  expect(withDistricts.reduce((n, c) => n + c.children!.length, 0)).toBe(96)
  expect(city('650000', '653100').children).toHaveLength(12) // 喀什地区
  expect(city('650000', '654000').children).toHaveLength(11) // 伊犁哈萨克自治州
  const bingtuan = xinjiang.children!.filter((c) => !c.children?.length).map((c) => c.name)
  expect(bingtuan).toEqual(
    expect.arrayContaining([
      '石河子市',
      '阿拉尔市',
      '图木舒克市',
      '五家渠市',
      '北屯市',
      '铁门关市',
      '双河市',
      '可克达拉市',
      '昆玉市',
      '胡杨河市',
      '新星市'
    ])
  )
  expect(resolveRegion('650000', '659001', '')).toEqual({
    province: '新疆维吾尔自治区',
    city: '石河子市',
    district: ''
  })

  // 海南: the county-level cities and counties under the province can be picked like cities.
  const hainan = province('460000').children!.map((c) => c.name)
  expect(hainan).toEqual(
    expect.arrayContaining([
      '五指山市',
      '琼海市',
      '文昌市',
      '万宁市',
      '东方市',
      '定安县',
      '屯昌县',
      '澄迈县',
      '临高县',
      '白沙黎族自治县',
      '昌江黎族自治县',
      '乐东黎族自治县',
      '陵水黎族自治县',
      '保亭黎族苗族自治县',
      '琼中黎族苗族自治县'
    ])
  )
  expect(city('460000', '460100').children!.map((d) => d.name)).toEqual(['秀英区', '龙华区', '琼山区', '美兰区'])
  expect(city('460000', '460200').children!.map((d) => d.name)).toEqual(['海棠区', '吉阳区', '天涯区', '崖州区'])
})

test('every city has its districts, except the few that have none', () => {
  // Cities without county-level divisions, and county-level units directly under a province (lifted).
  const noDistricts = REGIONS.flatMap((p) => p.children!.filter((c) => !c.children?.length).map((c) => c.name))
  expect(noDistricts).toHaveLength(36)
  expect(noDistricts).toEqual(
    expect.arrayContaining([
      '东莞市',
      '中山市',
      '儋州市',
      '嘉峪关市',
      '济源市',
      '仙桃市',
      '潜江市',
      '天门市',
      '神农架林区'
    ])
  )
  const total = REGIONS.reduce((n, p) => n + p.children!.reduce((m, c) => m + (c.children?.length || 1), 0), 0)
  // About 2,850 county-level places: 2,843 in the 2022 civil-affairs count, give or take the statistical units kept.
  expect(total).toBeGreaterThanOrEqual(2840)
  expect(total).toBeLessThanOrEqual(2870)
})
