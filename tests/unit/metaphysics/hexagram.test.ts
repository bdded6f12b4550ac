import { MetaphysicsError } from '../../../src/metaphysics/errors'
import {
  hexagram,
  hexagramByName,
  hexagramByNumber,
  HEXAGRAMS,
  hexagramsByPalace
} from '../../../src/metaphysics/hexagram'

describe('64 hexagrams: data', () => {
  it('has 64 distinct hexagrams with six lines each', () => {
    expect(HEXAGRAMS).toHaveLength(64)
    expect(new Set(HEXAGRAMS.map((h) => h.binary)).size).toBe(64)
    for (const h of HEXAGRAMS) {
      expect(h.lineTexts).toHaveLength(6)
      expect(h.judgment.length).toBeGreaterThan(0)
      expect(h.tuan.length).toBeGreaterThan(0)
      expect(h.daXiang.length).toBeGreaterThan(0)
      h.lineTexts.forEach((l) => expect(l.xiaoXiang.length).toBeGreaterThan(0))
    }
  })

  // Unicode Standard, Yijing Hexagram Symbols block U+4DC0..U+4DFF in King Wen order
  it('uses the Unicode hexagram symbols', () => {
    expect(hexagramByName('乾').symbol).toBe('䷀')
    expect(hexagramByName('坤').symbol).toBe('䷁')
    expect(hexagramByName('未济').symbol).toBe('䷿')
  })

  // 《周易》通行本 卦名 and 《说卦》 取象 (天泽火雷风水山地)
  it('names hexagrams in full', () => {
    expect(hexagramByNumber(1).fullName).toBe('乾为天')
    expect(hexagramByNumber(3).fullName).toBe('水雷屯')
    expect(hexagramByNumber(9).fullName).toBe('风天小畜')
    expect(hexagramByNumber(63).fullName).toBe('水火既济')
    expect(hexagramByName('地山谦').number).toBe(15)
    expect(hexagramByName('遁').name).toBe('遯')
  })

  // 《周易》通行本 经文
  it('guards known lines of the text', () => {
    const qian = hexagramByName('乾')
    expect(qian.judgment).toBe('元亨利贞。')
    expect(qian.lineTexts[0]).toMatchObject({ label: '初九', text: '潜龙勿用。' })
    expect(qian.lineTexts[4].text).toBe('飞龙在天，利见大人。')
    expect(qian.lineTexts[5]).toMatchObject({ label: '上九', text: '亢龙有悔。' })
    expect(qian.extra).toMatchObject({ label: '用九', text: '见群龙无首，吉。' })
    expect(qian.tuan.startsWith('大哉乾元，万物资始，乃统天。')).toBe(true)
    const kun = hexagramByName('坤')
    expect(kun.judgment.startsWith('元亨，利牝马之贞')).toBe(true)
    expect(kun.lineTexts[0]).toMatchObject({ label: '初六', text: '履霜，坚冰至。' })
    expect(kun.extra).toMatchObject({ label: '用六', text: '利永贞。' })
    expect(hexagramByName('既济').judgment).toBe('亨小，利贞。初吉终乱。')
    expect(hexagramByName('未济').judgment).toBe('亨。小狐汔济，濡其尾，无攸利。')
    expect(hexagramByName('蒙').judgment.startsWith('亨。匪我求童蒙，童蒙求我。')).toBe(true)
    expect(hexagramByName('中孚').lineTexts[1].text).toBe('鸣鹤在阴，其子和之。我有好爵，吾与尔靡之。')
    expect(hexagramByName('革').lineTexts[4]).toMatchObject({ label: '九五', text: '大人虎变，未占有孚。' })
  })

  // 《象传》大象, 通行本
  it('guards known 大象 lines', () => {
    expect(hexagramByName('乾').daXiang).toBe('天行健，君子以自强不息。')
    expect(hexagramByName('坤').daXiang).toBe('地势坤，君子以厚德载物。')
    expect(hexagramByName('谦').daXiang).toBe('地中有山，谦；君子以裒多益寡，称物平施。')
    expect(hexagramByName('蒙').daXiang).toBe('山下出泉，蒙；君子以果行育德。')
    expect(hexagramByName('既济').daXiang).toBe('水在火上，既济；君子以思患而豫防之。')
    expect(hexagramByName('乾').lineTexts[0].xiaoXiang).toBe('潜龙勿用，阳在下也。')
  })

  // 京房八宫卦序 (as tabulated in 《卜筮正宗》 and 《增删卜易》 八宫卦)
  it('orders the eight palaces as 京房', () => {
    const names = Object.fromEntries(
      hexagramsByPalace().map((p) => [p.palace, p.hexagrams.map((h) => h.name).join('')])
    )
    expect(names['乾']).toBe('乾姤遯否观剥晋大有')
    expect(names['坎']).toBe('坎节屯既济革丰明夷师')
    expect(names['艮']).toBe('艮贲大畜损睽履中孚渐')
    expect(names['震']).toBe('震豫解恒升井大过随')
    expect(names['巽']).toBe('巽小畜家人益无妄噬嗑颐蛊')
    expect(names['离']).toBe('离旅鼎未济蒙涣讼同人')
    expect(names['坤']).toBe('坤复临泰大壮夬需比')
    expect(names['兑']).toBe('兑困萃咸蹇谦小过归妹')
    expect(hexagramByName('火天大有')).toMatchObject({ palaceStage: '归魂', shi: 3, ying: 6 })
    expect(hexagramByName('火地晋')).toMatchObject({ palaceStage: '游魂', shi: 4, ying: 1 })
    expect(hexagramByName('天风姤')).toMatchObject({ palace: '乾', palaceElement: '金', shi: 1, ying: 4 })
  })
})

describe('hexagram(lines)', () => {
  it('changes every moving line: six 老阳 turn 乾 into 坤', () => {
    const r = hexagram([9, 9, 9, 9, 9, 9])
    expect(r.benGua.name).toBe('乾')
    expect(r.bianGua?.name).toBe('坤')
    expect(r.movingLines).toEqual([1, 2, 3, 4, 5, 6])
  })

  // 《序卦》 pairs are 综卦 (屯蒙, 需讼); 错卦 inverts; 互卦 of 既济 is 未济 (standard 互卦 table)
  it('derives 互, 错 and 综', () => {
    const tun = hexagram([7, 8, 8, 8, 7, 8])
    expect(tun.benGua.name).toBe('屯')
    expect(tun.bianGua).toBeNull()
    expect(tun.zongGua.name).toBe('蒙')
    expect(tun.cuoGua.name).toBe('鼎')
    expect(hexagram([1, 0, 1, 0, 1, 0]).huGua.name).toBe('未济')
    expect(hexagram([1, 1, 1, 1, 1, 1]).huGua.name).toBe('乾')
    expect(hexagram([7, 7, 7, 8, 8, 8]).zongGua.name).toBe('否')
  })

  it('accepts 0/1 lines with moving positions', () => {
    const r = hexagram([1, 1, 1, 1, 1, 1], [1])
    expect(r.bianGua?.name).toBe('姤')
    expect(r.lines[0]).toEqual({ position: 1, yang: true, moving: true })
  })

  it('rejects invalid input with a Chinese message', () => {
    expect(() => hexagram([7, 7, 7])).toThrow(MetaphysicsError)
    expect(() => hexagram([7, 7, 7, 7, 7, 5])).toThrow('爻值')
    expect(() => hexagram([9, 7, 7, 7, 7, 7], [1])).toThrow(MetaphysicsError)
    expect(() => hexagram([1, 1, 1, 1, 1, 1], [7])).toThrow('动爻')
    expect(() => hexagramByName('不存在')).toThrow(MetaphysicsError)
    expect(() => hexagramByNumber(65)).toThrow(MetaphysicsError)
  })
})
