import { MetaphysicsError } from '../../../src/metaphysics/errors'
import {
  nameAnalysis,
  nameCharacter,
  nameFitsChart,
  SHULI_81,
  shuliOf,
  splitFullName
} from '../../../src/metaphysics/name'
import { KANGXI_GROUPS } from '../../../src/metaphysics/name/data/kangxi-strokes'

// Stroke counts: 《康熙字典》 radical + residual as the dictionary files each character, with the
// radical counted in its original form (the 五格 convention of 熊崎健翁《姓名之神秘》).
describe('康熙 stroke counts', () => {
  it.each([
    ['张', '張', 11], // 弓部 3 + 8
    ['伟', '偉', 11], // 人部 2 + 9
    ['泽', '澤', 17], // 水部 4 + 13 (氵 counted as 水)
    ['东', '東', 8], // 木部 4 + 4
    ['邓', '鄧', 19], // 邑部 7 + 12 (right 阝 counted as 邑)
    ['陈', '陳', 16], // 阜部 8 + 8 (left 阝 counted as 阜)
    ['欧', '歐', 15], // 欠部 4 + 11
    ['阳', '陽', 17], // 阜部 8 + 9
    ['诸', '諸', 16], // 言部 7 + 9
    ['葛', '葛', 15], // 艸部 6 + 9 (艹 counted as 艸)
    ['琳', '琳', 13], // 玉部 5 + 8 (王旁 counted as 玉)
    ['道', '道', 16], // 辵部 7 + 9 (辶 counted as 辵)
    ['胡', '胡', 11], // 肉部 6 + 5 (月 counted as 肉)
    ['朗', '朗', 11], // 月部 4 + 7 (a real 月 radical stays 4)
    ['海', '海', 11], // 水部 4 + 7
    ['王', '王', 4], // the character itself is written with 4 strokes
    ['华', '華', 14] // 艸部 6 + 8
  ])('%s (%s) has %i strokes', (char, traditional, strokes) => {
    const c = nameCharacter(char)
    expect(c.traditional).toBe(traditional)
    expect(c.kangxiStrokes).toBe(strokes)
  })

  it('counts the numerals by their value, as 五格 books do', () => {
    // 四 is 囗部 5 and 十 is 十部 2 in the dictionary; name science counts 4 and 10.
    expect('一二三四五六七八九十'.split('').map((c) => nameCharacter(c).kangxiStrokes)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10
    ])
  })

  it('keeps surnames that are not simplifications of another character', () => {
    // 余 沈 谷 范 姜 are surnames in their own right (not 餘 瀋 穀 範 薑).
    expect(['余', '沈', '谷', '范', '姜'].map((c) => nameCharacter(c).kangxiStrokes)).toEqual([7, 8, 7, 11, 9])
    expect(nameCharacter('叶').traditional).toBe('葉')
  })

  it('covers the 8105 characters of the 通用规范汉字表', () => {
    const count = Object.values(KANGXI_GROUPS).reduce((n, s) => n + Array.from(s).length, 0)
    expect(count).toBeGreaterThanOrEqual(8105)
  })

  it('gives elements by radical where the radical names one', () => {
    expect(nameCharacter('海').element).toBe('水')
    expect(nameCharacter('林').element).toBe('木')
    expect(nameCharacter('明').element).toBe('火')
    expect(nameCharacter('铭').element).toBe('金')
  })
})

describe('nameAnalysis 五格', () => {
  const grids = (surname: string, givenName: string) => {
    const r = nameAnalysis({ surname, givenName })
    return [r.tianGe.number, r.renGe.number, r.diGe.number, r.waiGe.number, r.zongGe.number]
  }

  // Expected values here are worked by hand from the dictionary counts above with 熊崎's rules
  // (天格 = surname + 1 for a single surname, 地格 + 1 for a single given character, ...); the
  // published examples follow in the next block.
  it('张伟: 单姓单名, 人格 22 = 張 11 + 偉 11', () => {
    expect(grids('张', '伟')).toEqual([12, 22, 12, 2, 22])
  })

  it('毛泽东: 天格 5 人格 21 地格 25 外格 9 总格 29, as 姓名学 articles on the name give it', () => {
    expect(grids('毛', '泽东')).toEqual([5, 21, 25, 9, 29])
  })

  it('周恩来: 周 8 恩 10 來 8', () => {
    expect(grids('周', '恩来')).toEqual([9, 18, 18, 9, 26])
  })

  it('欧阳修: 复姓单名, 外格 = 歐 15 + 1', () => {
    expect(grids('欧阳', '修')).toEqual([32, 27, 11, 16, 42])
  })

  it('诸葛亮 in traditional characters gives the same grids as in simplified', () => {
    expect(grids('諸葛', '亮')).toEqual([31, 24, 10, 17, 40])
    expect(grids('诸葛', '亮')).toEqual([31, 24, 10, 17, 40])
  })

  it('司马相如: 复姓复名, 外格 = first surname + last given character', () => {
    // 司 5 (口部 3 + 2), 馬 10, 相 9 (目部 5 + 4), 如 6 (女部 3 + 3)
    expect(grids('司马', '相如')).toEqual([15, 19, 15, 11, 30])
  })

  it('gives each 格 its 数理五行 by the last digit and its 81 数理 entry', () => {
    const r = nameAnalysis({ surname: '毛', givenName: '泽东' })
    expect(r.tianGe.element).toBe('土') // 5
    expect(r.renGe.element).toBe('木') // 21
    expect(r.waiGe.element).toBe('水') // 9
    expect(r.zongGe.shuli.number).toBe(29)
    expect(r.sanCai.label).toBe('土木土')
    expect(JSON.parse(JSON.stringify(r))).toEqual(r)
  })

  it('judges 三才 from how 天格 and 地格 stand to 人格', () => {
    const r = nameAnalysis({ surname: '毛', givenName: '泽东' })
    // 天 土, 人 木: 木克土, the self overcomes heaven; 地 土 is overcome by 人 木 too.
    expect(r.sanCai.success.relation).toBe('被克')
    expect(r.sanCai.foundation.relation).toBe('被克')
  })

  it.each([
    [{ surname: '', givenName: '伟' }, '请填写姓氏'],
    [{ surname: '张', givenName: '' }, '请填写名字'],
    [{ surname: 'Li', givenName: 'Lei' }, '姓氏须为汉字'],
    [{ surname: '张', givenName: '伟a' }, '名字须为汉字'],
    [{ surname: '张', givenName: '𠀀' }, '暂不支持'],
    [{ surname: '欧阳张', givenName: '伟' }, '姓氏最多2个字']
  ])('rejects %j', (input, message) => {
    expect(() => nameAnalysis(input)).toThrow(MetaphysicsError)
    expect(() => nameAnalysis(input)).toThrow(message)
  })
})

/*
 * Worked examples printed on 姓名学 pages, same 康熙 counts (氵 4, 阝 by its radical) and 熊崎 rules:
 * A: jiemenglao.com/xingming/53797.html (the same text at juduo.cc/club/3693587.html)
 * B: sinovision.net/home/space/do/blog/uid/78266/id/163308.html (the same text at m.tftnews.com/news1191203),
 *    with its 数理五行 table (last digit 1 2 木, 3 4 火, 5 6 土, 7 8 金, 9 0 水).
 * C: wenbaishu.com/life/56571.html.
 * Only the values a page states are asserted. Page A also gives 王華 地格 16 (華 as 15) and
 * 丁不三 总格 8 (不 as 3); both disagree with 康熙 and with the page's own 劉德華 (華 14), so are left out.
 */
describe('五格 against published examples', () => {
  const grids = (surname: string, givenName: string) => {
    const r = nameAnalysis({ surname, givenName })
    return { tian: r.tianGe.number, ren: r.renGe.number, di: r.diGe.number, wai: r.waiGe.number, zong: r.zongGe.number }
  }

  it('uses the stroke counts the pages print', () => {
    const printed: Array<[string, number]> = [
      ['刘', 15],
      ['德', 15],
      ['华', 14],
      ['司', 5],
      ['马', 10],
      ['光', 6],
      ['东', 8],
      ['方', 4],
      ['长', 8],
      ['红', 9],
      ['懿', 22],
      ['江', 7],
      ['海', 11],
      ['李', 7],
      ['刚', 10],
      ['欧', 15],
      ['阳', 17]
    ]
    expect(printed.map(([c]) => [c, nameCharacter(c).kangxiStrokes])).toEqual(printed)
  })

  it('刘德华 (单姓复名, A): 人格 30, 地格 29, 外格 15, 总格 44', () => {
    expect(grids('刘', '德华')).toMatchObject({ ren: 30, di: 29, wai: 15, zong: 44 })
  })

  it('司马光 (复姓单名, A and B): 天格 15, 人格 16, 地格 7', () => {
    expect(grids('司马', '光')).toMatchObject({ tian: 15, ren: 16, di: 7 })
  })

  it('东方长红 (复姓复名, A): 人格 12, 地格 17, 总格 29', () => {
    expect(grids('东方', '长红')).toMatchObject({ ren: 12, di: 17, zong: 29 })
  })

  it('欧阳 (A): 天格 32', () => {
    expect(grids('欧阳', '修').tian).toBe(32)
  })

  it('司马懿 (复姓单名, B): 人格 32, 地格 23, 总格 37, 外格 6', () => {
    expect(grids('司马', '懿')).toMatchObject({ tian: 15, ren: 32, di: 23, zong: 37, wai: 6 })
  })

  it('刘江海 (单姓复名, B): 地格 18, 总格 33, 外格 12', () => {
    expect(grids('刘', '江海')).toMatchObject({ di: 18, zong: 33, wai: 12 })
  })

  it('孙中山 (C): 孫 10 strokes, 天格 11', () => {
    expect(grids('孙', '中山').tian).toBe(11)
  })

  it('单姓单名 (B): 李刚 天格 8, 刘江 人格 22, and 外格 2', () => {
    expect(grids('李', '刚')).toMatchObject({ tian: 8, wai: 2 })
    expect(grids('刘', '江')).toMatchObject({ ren: 22, wai: 2 })
  })

  it('gives 数理五行 by the last digit as table B does', () => {
    const r = nameAnalysis({ surname: '司马', givenName: '懿' })
    // 15 土, 32 木, 23 火, 6 土, 37 金
    expect([r.tianGe, r.renGe, r.diGe, r.waiGe, r.zongGe].map((g) => g.element)).toEqual(['土', '木', '火', '土', '金'])
    expect(nameAnalysis({ surname: '刘', givenName: '德华' }).renGe.element).toBe('水') // 30
  })
})

describe('splitFullName', () => {
  it('recognises 复姓 of 《百家姓》 in either script', () => {
    expect(splitFullName('欧阳修')).toEqual({ surname: '欧阳', givenName: '修' })
    expect(splitFullName('歐陽修')).toEqual({ surname: '歐陽', givenName: '修' })
    expect(splitFullName('诸葛孔明')).toEqual({ surname: '诸葛', givenName: '孔明' })
  })

  it('takes one character otherwise, and a two-character name is always 单姓单名', () => {
    expect(splitFullName('毛泽东')).toEqual({ surname: '毛', givenName: '泽东' })
    expect(splitFullName('司马')).toEqual({ surname: '司', givenName: '马' })
    expect(() => splitFullName('张')).toThrow(MetaphysicsError)
  })
})

describe('81 数理', () => {
  // The 吉 numbers of 熊崎's table as Chinese naming books list them.
  const JI = [
    1, 3, 5, 6, 7, 8, 11, 13, 15, 16, 17, 18, 21, 23, 24, 25, 29, 31, 32, 33, 35, 37, 39, 41, 45, 47, 48, 52, 57, 61,
    63, 65, 67, 68, 81
  ]

  it('has 81 entries numbered 1..81 and the standard 吉 numbers', () => {
    expect(SHULI_81.map((e) => e.number)).toEqual(Array.from({ length: 81 }, (_, i) => i + 1))
    expect(SHULI_81.filter((e) => e.luck === '吉').map((e) => e.number)).toEqual(JI)
  })

  it('marks the classic 凶 numbers 凶', () => {
    for (const n of [2, 4, 9, 10, 12, 14, 19, 20, 22, 34, 44]) expect(shuliOf(n).luck).toBe('凶')
  })

  it('keeps the traditional names and restarts above 81', () => {
    expect(shuliOf(1).name).toBe('太极之数')
    expect(shuliOf(3).name).toBe('三才之数')
    expect(shuliOf(82)).toEqual(shuliOf(2))
    expect(shuliOf(161)).toEqual(shuliOf(81))
  })
})

describe('nameFitsChart', () => {
  const zhangWei = nameAnalysis({ surname: '张', givenName: '伟' }) // 偉 土 by its reading, 人格 22 木

  it('says 契合 when the given name and 人格 bring needed elements', () => {
    expect(nameFitsChart(zhangWei, ['土', '木']).verdict).toBe('契合')
  })

  it('names what is missing', () => {
    const fit = nameFitsChart(zhangWei, ['土', '金'])
    expect(fit.verdict).toBe('部分契合')
    expect(fit.neededMissing).toEqual(['金'])
    expect(nameFitsChart(zhangWei, ['水']).verdict).toBe('不契合')
  })

  it('rejects an empty or unknown element list', () => {
    expect(() => nameFitsChart(zhangWei, [])).toThrow(MetaphysicsError)
    expect(() => nameFitsChart(zhangWei, ['风'])).toThrow('无法识别的五行')
  })
})
