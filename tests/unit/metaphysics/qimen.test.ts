import { qimenChart, type QimenChart } from '@/metaphysics/qimen'
import { MetaphysicsError } from '@/metaphysics/errors'

/*
 * Charts worked by hand from the classical tables (《烟波钓叟歌》 节气→局, 遁甲 六仪, 转盘 rules)
 * with published inputs: 节气 moments from the Hong Kong Observatory (Beijing time) and day
 * pillars from the 《新编万年历》 anchors 1949-10-01 = 甲子日 and 2000-01-01 = 戊午日.
 */
const summary = (c: QimenChart) => ({
  term: c.term, dun: c.dun, ju: c.ju, yuan: c.yuan, xunShou: c.xunShou, zhiFu: c.zhiFu, zhiShi: c.zhiShi
})

describe('qimen charts (拆补法)', () => {
  it('1949-10-01 15:00: 秋分上元阴遁七局, 壬申时 旬首甲子戊, 天柱 to 壬 in 3, 惊门 eight hours on to 8', () => {
    const c = qimenChart({ date: '1949-10-01 15:00' })
    expect(summary(c)).toEqual({
      term: '秋分', dun: 'yin', ju: 7, yuan: '上元',
      xunShou: { ganZhi: '甲子', yi: '戊' }, zhiFu: { star: '天柱', palace: 3 }, zhiShi: { door: '惊门', palace: 8 }
    })
    // 甲子旬空戌亥 → 乾6; 申时马在寅 → 艮8
    expect(c.kongWang).toEqual({ branches: '戌亥', palaces: [6] })
    expect(c.maXing).toEqual({ branch: '寅', palace: 8 })
    // 地盘 阴七: 戊7 己6 庚5 辛4 壬3 癸2 丁1 丙9 乙8
    expect(c.palaces.map((p) => p.diPan[0]).join('')).toBe('丁癸壬辛庚己戊乙丙')
    // 阴遁八神 counter-clockwise from the 值符 palace 3: 3 8 1 6 7 2 9 4
    const gods = Object.fromEntries(c.palaces.filter((p) => p.god).map((p) => [p.palace, p.god]))
    expect(gods).toEqual({ 3: '值符', 8: '螣蛇', 1: '太阴', 6: '六合', 7: '白虎', 2: '玄武', 9: '九地', 4: '九天' })
  })

  it('2024-02-04 16:00, before 立春 16:27: 大寒上元阳遁三局, 庚申时 旬首甲寅癸 in 8, 庚 in 5 寄坤', () => {
    // 2024-02-04 = 戊戌日, 符头 甲午 → 上元
    const c = qimenChart({ date: '2024-02-04 16:00' })
    expect(summary(c)).toEqual({
      term: '大寒', dun: 'yang', ju: 3, yuan: '上元',
      xunShou: { ganZhi: '甲寅', yi: '癸' }, zhiFu: { star: '天任', palace: 2 }, zhiShi: { door: '生门', palace: 2 }
    })
  })

  it('2024-02-04 18:00, after 立春: 立春上元阳遁八局, 辛酉时, 天辅 to 辛 in 2, 杜门 seven palaces on to 2', () => {
    const c = qimenChart({ date: '2024-02-04 18:00' })
    expect(summary(c)).toEqual({
      term: '立春', dun: 'yang', ju: 8, yuan: '上元',
      xunShou: { ganZhi: '甲寅', yi: '癸' }, zhiFu: { star: '天辅', palace: 2 }, zhiShi: { door: '杜门', palace: 2 }
    })
  })

  it('2024-06-21 12:00, after 夏至 04:51: 夏至中元阴遁三局, 甲午时 — 值符 and 值使 stay home', () => {
    // 2024-06-21 = 丙辰日 (8938 days after 2000-01-01 戊午), 符头 甲寅 → 中元
    const c = qimenChart({ date: '2024-06-21 12:00' })
    expect(summary(c)).toEqual({
      term: '夏至', dun: 'yin', ju: 3, yuan: '中元',
      xunShou: { ganZhi: '甲午', yi: '辛' }, zhiFu: { star: '天英', palace: 9 }, zhiShi: { door: '景门', palace: 9 }
    })
  })

  it('2024-12-21 22:00, after 冬至 17:21: 冬至下元阳遁四局, 旬首己 in the centre: 天禽 值符, 死门 值使 (中五寄坤)', () => {
    // 2024-12-21 = 己未日 (符头 itself, 未 → 下元); 乙亥时 in 甲戌旬
    const c = qimenChart({ date: '2024-12-21 22:00' })
    expect(summary(c)).toEqual({
      term: '冬至', dun: 'yang', ju: 4, yuan: '下元',
      xunShou: { ganZhi: '甲戌', yi: '己' }, zhiFu: { star: '天禽', palace: 3 }, zhiShi: { door: '死门', palace: 6 }
    })
    // 天禽 rides with 天芮 to palace 3, carrying 坤's 丙 and the centre's 己
    const p3 = c.palaces[2]
    expect(p3.stars).toEqual(['天芮', '天禽'])
    expect(p3.tianPan).toEqual(['丙', '己'])
  })
})

describe('置闰法', () => {
  it('1949-10-01 15:00: 符头甲子 leads 寒露 (10-08 23:11) by seven days (超神, under nine) → 寒露上元阴遁六局', () => {
    const c = qimenChart({ date: '1949-10-01 15:00', method: 'zhirun' })
    expect(summary(c)).toEqual({
      term: '寒露', dun: 'yin', ju: 6, yuan: '上元',
      xunShou: { ganZhi: '甲子', yi: '戊' }, zhiFu: { star: '天心', palace: 2 }, zhiShi: { door: '开门', palace: 7 }
    })
  })
  it('keeps the 元 of the day and a term next to the 拆补 term', () => {
    const order = ['冬至', '小寒', '大寒', '立春', '雨水', '惊蛰', '春分', '清明', '谷雨', '立夏', '小满', '芒种',
      '夏至', '小暑', '大暑', '立秋', '处暑', '白露', '秋分', '寒露', '霜降', '立冬', '小雪', '大雪']
    for (let d = 0; d < 400; d += 7) {
      const date = new Date(Date.UTC(2020, 0, 1) + d * 86400000).toISOString().slice(0, 10) + ' 10:00'
      const a = qimenChart({ date })
      const b = qimenChart({ date, method: 'zhirun' })
      expect(b.yuan).toBe(a.yuan)
      const gap = (order.indexOf(b.term) - order.indexOf(a.term) + 24) % 24
      expect([0, 1, 23]).toContain(gap)
    }
  })
})

describe('chart structure', () => {
  it.each(['1990-05-15 14:30', '2024-12-21 22:00', '2031-07-09 03:10', '1905-03-01 23:30'])('%s has every star, door, god and stem once', (date) => {
    const c = qimenChart({ date })
    const outer = c.palaces.filter((p) => p.palace !== 5)
    expect(outer.flatMap((p) => p.stars).sort()).toEqual(['天任', '天冲', '天心', '天柱', '天禽', '天英', '天芮', '天蓬', '天辅'].sort())
    expect(new Set(outer.map((p) => p.door)).size).toBe(8)
    expect(new Set(outer.map((p) => p.god)).size).toBe(8)
    expect(outer.flatMap((p) => p.tianPan).sort()).toEqual(['戊', '己', '庚', '辛', '壬', '癸', '丁', '丙', '乙'].sort())
    expect(c.palaces.filter((p) => p.zhiFu).map((p) => p.palace)).toEqual([c.zhiFu.palace])
    expect(c.palaces.filter((p) => p.zhiShi).map((p) => p.palace)).toEqual([c.zhiShi.palace])
    expect(c.palaces.find((p) => p.palace === c.zhiFu.palace)?.god).toBe('值符')
    expect(c.palaces.find((p) => p.palace === c.zhiShi.palace)?.door).toBe(c.zhiShi.door)
    expect(JSON.parse(JSON.stringify(c))).toEqual(c)
  })
  it('rejects bad input in Chinese', () => {
    expect(() => qimenChart({ date: '2024-02-30 10:00' })).toThrow(MetaphysicsError)
    expect(() => qimenChart({ date: 'yesterday' })).toThrow('日期格式')
    expect(() => qimenChart({ date: '2024-02-03 10:00', method: 'feipan' as never })).toThrow('起局方法无效')
  })
})
