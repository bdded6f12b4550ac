/**
 * 格局, 用神 and 调候 against published 命例. The charts are the books' own four pillars, fed to the
 * engine as pillars (analyzePillars); each test names book, chapter and person. 《子平真诠》 as in
 * 徐乐吾《子平真诠评注》. Where our rule and the book part ways the test names the option and school.
 */
import { analyzePillars, baziAnalysis, baziChart, tiaoHouGods } from '../../../src/metaphysics/bazi'

const of = (pillars: string) => {
  const [year, month, day, hour] = pillars.split(' ')
  return analyzePillars({ year, month, day, hour })
}

describe('《子平真诠》「论正官」', () => {
  it('薛相公 甲申 壬申 乙巳 戊寅: 正官格, 财印并透 (壬印戊财) 而成', () => {
    const a = of('甲申 壬申 乙巳 戊寅')
    expect(a.geJu).toMatchObject({ name: '正官格', state: '成格' })
    expect(a.geJu.notes[0]).toContain('官逢财印')
  })
  it('壬戌 丁未 戊午 乙卯: 杂气正官透干, 壬财丁印二者相合, 以孤官无辅论', () => {
    const a = of('壬戌 丁未 戊午 乙卯')
    expect(a.geJu.name).toBe('正官格')
    expect(a.geJu.basis).toContain('杂气')
    expect(a.geJu.notes.join()).toContain('孤官无辅')
  })
  it('金状元 乙卯 丁亥 丁未 庚戌: 正官格, 并用财印 (乙庚隔位不作合)', () => {
    const a = of('乙卯 丁亥 丁未 庚戌')
    expect(a.geJu).toMatchObject({ name: '正官格', state: '成格' })
    expect(a.geJu.notes[0]).toContain('官逢财印')
  })
  it('宣参国 己卯 辛未 壬寅 辛亥: 未中己官透干, 遇伤佩印 — 用印 (金)', () => {
    const a = of('己卯 辛未 壬寅 辛亥')
    expect(a.geJu.name).toBe('正官格')
    expect(a.yongShen).toMatchObject({ method: '格局用神', yong: '金' })
  })
  it('李参政 庚寅 乙酉 甲子 戊辰: 甲用酉官, 庚金混杂, 乙以合之 — 合煞留官', () => {
    const a = of('庚寅 乙酉 甲子 戊辰')
    expect(a.geJu).toMatchObject({ name: '正官格', state: '败而有救' })
    expect(a.geJu.notes.join()).toContain('合煞')
    expect(a.yongShen.method).toBe('格局用神')
  })
  it('范太傅 丁丑 壬寅 己巳 丙寅: 官格 (寅月本气甲); 「论用神变化」 would read 透丙 as 印 — named as the alternative', () => {
    const a = of('丁丑 壬寅 己巳 丙寅')
    expect(a.geJu.name).toBe('正官格')
    expect(a.geJu.alternative).toContain('论用神变化')
    expect(a.geJu.alternative).toContain('正印格')
  })
})

describe('《子平真诠》「论印绶」', () => {
  // 「有印而透官者，正官不独取其生印，而即可以为用……只要官星清纯，如丙寅、戊戌、辛酉、戊子，张参政之命是也」
  it('张参政 丙寅 戊戌 辛酉 戊子: 印而透官, 官星清纯 — 用官 (火)', () => {
    const a = of('丙寅 戊戌 辛酉 戊子')
    expect(a.geJu.name).toBe('正印格')
    expect(a.geJu.notes).toContain('官印双全，印格成也')
    expect(a.yongShen).toMatchObject({ method: '格局用神', yong: '火' })
  })
  // 「然亦有带伤食而贵者，则如朱尚书命，丙戌、戊戌、辛未、壬辰，壬为戊制，不伤官也」: the 官 stays the use
  it('朱尚书 丙戌 戊戌 辛未 壬辰: 印格带伤食而贵, 壬为戊制不伤官 — 用官 (火)', () => {
    const a = of('丙戌 戊戌 辛未 壬辰')
    expect(a.geJu).toMatchObject({ name: '正印格', state: '成格' })
    expect(a.yongShen).toMatchObject({ method: '格局用神', yong: '火' })
  })
  // 「又如临淮侯命，乙亥、己卯、丁酉、壬寅，己为乙制，己不碍官也」
  it('临淮侯 乙亥 己卯 丁酉 壬寅: 印格 (正偏同为一格), 透官, 己为乙制不碍官 — 用官 (水)', () => {
    const a = of('乙亥 己卯 丁酉 壬寅')
    expect(a.geJu.name).toBe('偏印格')
    expect(a.geJu.notes).toContain('官印双全，印格成也')
    expect(a.yongShen).toMatchObject({ method: '格局用神', yong: '水' })
  })
  it('李状元 戊戌 乙卯 丙午 乙亥: 身强印旺, 用伤食泄秀 — 用神土', () => {
    const a = of('戊戌 乙卯 丙午 乙亥')
    expect(a.geJu.name).toBe('正印格')
    expect(a.yongShen).toMatchObject({ method: '格局用神', yong: '土' })
  })
  it('茅状元 己巳 癸酉 癸未 庚申: 身轻印重, 用偏官 — 用神土 (己煞)', () => {
    const a = of('己巳 癸酉 癸未 庚申')
    expect(a.geJu).toMatchObject({ name: '偏印格', state: '成格' })
    expect(a.yongShen).toMatchObject({ method: '格局用神', yong: '土' })
  })
  it('马参政 壬寅 戊申 壬辰 壬寅: 身重印轻, 用偏官 — 用神土 (戊煞)', () => {
    const a = of('壬寅 戊申 壬辰 壬寅')
    expect(a.geJu.name).toBe('偏印格')
    expect(a.yongShen).toMatchObject({ method: '格局用神', yong: '土' })
  })
  it('汪侍郎 辛酉 丙申 壬申 辛亥: 印多而用财 — 用神火', () => {
    const a = of('辛酉 丙申 壬申 辛亥')
    expect(a.geJu.name).toBe('偏印格')
    expect(a.geJu.notes.join()).toContain('印多逢财')
    expect(a.yongShen).toMatchObject({ method: '格局用神', yong: '火' })
  })
  // 「又有印而兼透官煞者，或合煞，或有制，皆为贵格。如辛亥、庚子、甲辰、乙亥，此合煞留官也」
  it('辛亥 庚子 甲辰 乙亥: 《子平真诠》 印格合煞留官 (用官, 金); 《穷通宝鉴》 十一月甲木取丁、庚、丙 — 原局无火, 调候为急 (schools differ: 调候 school chosen)', () => {
    const a = of('辛亥 庚子 甲辰 乙亥')
    expect(a.geJu.name).toBe('正印格')
    expect(a.tiaoHou.gods[0]).toBe('丁')
    expect(a.yongShen).toMatchObject({ method: '调候', yong: '火' })
  })
})

describe('《子平真诠》「论偏官」', () => {
  it('乙亥 乙酉 乙卯 丁丑 (极等之贵): 煞用食制 — 用神火 (丁食)', () => {
    const a = of('乙亥 乙酉 乙卯 丁丑')
    expect(a.geJu).toMatchObject({ name: '七杀格', state: '成格' })
    expect(a.geJu.notes[0]).toContain('七煞逢制')
    expect(a.yongShen).toMatchObject({ method: '格局用神', yong: '火' })
  })
  it('何参政 丙寅 戊戌 壬戌 辛丑: 七煞用印, 戊与辛同通月令 — 用神金 (印)', () => {
    const a = of('丙寅 戊戌 壬戌 辛丑')
    expect(a.geJu.name).toBe('七杀格')
    expect(a.yongShen).toMatchObject({ method: '病药', yong: '金' })
  })
  it('周丞相 戊戌 甲子 丁未 庚戌: 煞格', () => {
    expect(of('戊戌 甲子 丁未 庚戌').geJu.name).toBe('七杀格')
  })
  // 「又有身重煞轻，煞又化印，用神不清，而借财以清格，亦为贵格。如甲申、乙亥、丙戌、庚寅，刘运使命是也」
  it('刘运使 甲申 乙亥 丙戌 庚寅: 煞格 (亥月本气壬), 身重煞轻, 借财以清格 — 用财 (金)', () => {
    const a = of('甲申 乙亥 丙戌 庚寅')
    expect(a.geJu).toMatchObject({ name: '七杀格', state: '成格' })
    expect(a.geJu.notes[0]).toContain('借财以清格')
    expect(a.yongShen).toMatchObject({ method: '格局用神', yong: '金' })
  })
  it('岳统制 癸卯 丁巳 庚寅 庚辰: 月令偏官, 煞而杂官', () => {
    const a = of('癸卯 丁巳 庚寅 庚辰')
    expect(a.geJu.name).toBe('七杀格')
    expect(a.geJu.notes.join()).toContain('官煞混杂')
  })
  it('沈郎中 丙子 甲午 辛亥 辛卯: 午月偏官', () => {
    expect(of('丙子 甲午 辛亥 辛卯').geJu.name).toBe('七杀格')
  })
  it('赵员外 戊辰 甲寅 戊寅 戊午: 寅月七煞透甲', () => {
    expect(of('戊辰 甲寅 戊寅 戊午').geJu.basis).toContain('本气甲透于月干')
  })
})

describe('《子平真诠》「论食神」', () => {
  // 「食神本属泄气，以其能生正财，所以喜之。故食神生财，美格也……若丁未、癸卯、癸亥、癸丑，梁丞相之命是也」
  it('梁丞相 丁未 癸卯 癸亥 癸丑: 食神生财 — 用食神 (木), 喜财 (火)', () => {
    const a = of('丁未 癸卯 癸亥 癸丑')
    expect(a.geJu.name).toBe('食神格')
    expect(a.geJu.notes[0]).toContain('食神生财')
    expect(a.yongShen).toMatchObject({ method: '格局用神', yong: '木' })
    expect(a.yongShen.xi).toContain('火')
  })
  it('谢阁老 己未 壬申 戊子 庚申: 食神生财', () => {
    expect(of('己未 壬申 戊子 庚申').geJu.notes[0]).toContain('食神生财')
  })
  it('常国公 辛卯 辛卯 癸酉 己未: 不用财而就煞印 — 用神土 (己煞)', () => {
    const a = of('辛卯 辛卯 癸酉 己未')
    expect(a.geJu.name).toBe('食神格')
    expect(a.geJu.notes.join()).toContain('就煞成格')
    expect(a.yongShen).toMatchObject({ method: '病药', yong: '土' })
  })
  it('胡会元 戊戌 壬戌 丙子 戊戌: 无印绶而单露偏官, 只要无财', () => {
    const a = of('戊戌 壬戌 丙子 戊戌')
    expect(a.geJu.name).toBe('食神格')
    expect(a.geJu.notes[0]).toContain('食带煞而无财')
  })
  it('舒尚书 丁亥 壬子 辛巳 丁酉: 金水食神而用煞', () => {
    const a = of('丁亥 壬子 辛巳 丁酉')
    expect(a.geJu.name).toBe('食神格')
    expect(a.geJu.notes[0]).toContain('食带煞而无财')
  })
  it('刘提台 癸酉 辛酉 己卯 乙亥: 食神透煞 — 食神格, not 从儿 (从儿见官杀不从)', () => {
    expect(of('癸酉 辛酉 己卯 乙亥').geJu).toMatchObject({ name: '食神格', kind: '正格' })
  })
  it('黄都督 己未 己巳 甲寅 丙寅: 《子平真诠》 食神格 (夏木用财); 《穷通宝鉴》 四月甲木先癸 — 原局无水, 调候为急 (schools differ: 调候 school chosen)', () => {
    const a = of('己未 己巳 甲寅 丙寅')
    expect(a.geJu.name).toBe('食神格')
    expect(a.tiaoHou.gods).toEqual(['癸', '丁', '庚'])
    expect(a.yongShen).toMatchObject({ method: '调候', yong: '水' })
  })
})

type Row = [title: string, pillars: string, geJu: string, method: string, yong: string]
/** The engine's 格 and 用神 for a book's chart. */
const expectRows = (rows: Row[]) =>
  it.each(rows)('%s', (_title, pillars, geJu, method, yong) => {
    const a = of(pillars)
    expect(a.geJu.name).toBe(geJu)
    expect(a.yongShen).toMatchObject({ method, yong })
  })
type Case = [who: string, pillars: string, geJu: string, method: string, yong: string, quote: string]
/** Each row: the book's own words that name the 格 and its use, then what the engine must say. */
const bookCases = (cases: Case[]) =>
  expectRows(cases.map(([who, p, g, m, y, q]) => [`${who} ${p}: ${g}, 用神 ${m} ${y} — 「${q}」`, p, g, m, y]))

describe('《子平真诠》「论财」', () => {
  bookCases([
    [
      '曾参政',
      '乙未 甲申 丙申 庚寅',
      '偏财格',
      '格局用神',
      '木',
      '有财格佩印者，盖孤财不贵，佩印帮身，即印取贵。如乙未、甲申、丙申、庚寅，曾参政之命是也'
    ]
  ])
})

describe('《子平真诠》「论伤官」', () => {
  bookCases([
    [
      '史春芳',
      '壬午 己酉 戊午 庚申',
      '伤官格',
      '格局用神',
      '水',
      '故有伤官用财者……只要身强而有根，便为贵格，如壬午、己酉、戊午、庚申，史春芳命也'
    ],
    // the text prints the day pillar as 「申午」; 「又是夏木逢润」 makes it 甲午
    [
      '孛罗平章',
      '壬申 丙午 甲午 壬申',
      '伤官格',
      '格局用神',
      '水',
      '有伤官佩印者，印能制伤，所以为贵，反要伤官旺，身稍弱，始为秀气'
    ],
    ['蔡贵妃', '己未 丙子 庚子 丙子', '伤官格', '格局用神', '土', '有伤官用煞印者，伤多身弱，赖煞生印以邦身而制伤'],
    [
      '丞相',
      '戊申 甲子 庚午 丁丑',
      '伤官格',
      '格局用神',
      '火',
      '有伤官用官者，他格不用，金水独宜，然要财印为辅……藏癸露丁，戊甲为辅，官又得禄'
    ],
    ['郑丞相', '丙申 己亥 辛未 己亥', '伤官格', '格局用神', '火', '若冬金用官，而又化伤为财，则尤为极秀极贵']
  ])
})

describe('《子平真诠》「论阳刃」', () => {
  bookCases([
    [
      '丞相',
      '己酉 丙子 壬寅 丙午',
      '阳刃格',
      '格局用神',
      '土',
      '若己酉、丙子、壬寅、丙午，官透有力，旺财生之，丞相命也'
    ],
    [
      '丞相',
      '辛酉 甲午 丙申 壬辰',
      '阳刃格',
      '格局用神',
      '水',
      '又辛酉、甲午、丙申、壬辰，透煞根浅，财印助之，亦丞相命也'
    ],
    [
      '丙戌 丁酉 庚申 壬午',
      '丙戌 丁酉 庚申 壬午',
      '阳刃格',
      '格局用神',
      '火',
      '官煞竞出，而壬合丁官，煞纯而不杂。况阳刃之格，利于留煞，所谓取清也'
    ]
  ])
})

describe('《子平真诠》「论建禄月劫」', () => {
  bookCases([
    [
      '张都统',
      '甲子 丙子 癸丑 壬辰',
      '建禄格',
      '格局用神',
      '火',
      '禄劫用财，须带食伤……如甲子、丙子、癸丑、壬辰，张都统命是也'
    ],
    [
      '娄参政',
      '丁巳 壬子 癸卯 己未',
      '建禄格',
      '格局用神',
      '土',
      '禄劫用煞，必须制伏，如娄参政命，丁巳、壬子、癸卯、己未'
    ],
    [
      '张状元',
      '甲子 丙寅 甲子 丙寅',
      '建禄格',
      '格局用神',
      '火',
      '其禄劫之格，无财官而用伤食，泄其太过，亦为秀气。唯春木秋金，用之则贵……木火通明也'
    ],
    ['癸卯 庚申 庚子 庚辰', '癸卯 庚申 庚子 庚辰', '建禄格', '格局用神', '水', '又癸卯、庚申、庚子、庚辰，金水相涵也'],
    [
      '平章',
      '辛丑 庚寅 甲辰 乙亥',
      '建禄格',
      '格局用神',
      '金',
      '更有禄劫而官煞竞出，必取清方为贵格。如一平章命，辛丑、庚寅、甲辰、乙亥，合煞留官也'
    ],
    ['辛亥 庚寅 甲申 丙寅', '辛亥 庚寅 甲申 丙寅', '建禄格', '格局用神', '金', '如辛亥、庚寅、甲申、丙寅，制煞留官也'],
    [
      '王总兵',
      '己酉 乙亥 壬戌 庚子',
      '建禄格',
      '格局用神',
      '土',
      '如己酉、乙亥、壬戌、庚子，庚合乙而去伤存官，王总兵命也'
    ]
  ])
})

/** 《滴天髓阐微》, 任铁樵's own 命例: the chapter, and his sentence that names the 用神. */
describe('《滴天髓阐微》 任氏命例', () => {
  bookCases([
    ['「配合」', '丙子 己亥 乙丑 壬午', '正印格', '格局用神', '火', '且一阳后万物怀胎，木火进气，以伤官秀气为用'],
    ['「地支」', '癸巳 癸亥 甲寅 壬申', '偏印格', '格局用神', '火', '甲寅日元，生于孟冬，寒木必须用火'],
    ['「地支」', '辛卯 丁酉 戊子 戊午', '伤官格', '格局用神', '火', '伤官用印，喜神即是官星'],
    ['「地支」', '戊辰 壬戌 辛未 己丑', '正印格', '格局用神', '水', '此满局印绶，土重金埋，壬水用神伤尽'],
    ['「地支」', '辛未 乙未 庚辰 丁亥', '正财格', '病药', '火', '喜其丁火司令，元神发露而为用神，能制辛金之劫'],
    ['「地支」', '戊辰 辛酉 丙午 癸巳', '正财格', '格局用神', '火', '五行无木，全赖午火帮身，则癸水为病明矣']
  ])
  it('「知命」 癸酉 甲子 癸亥 辛酉: 「水旺逢金，其势冲奔……不若顺其流为美」, 大取金水运 — 润下格, 用水, 喜金', () => {
    const a = of('癸酉 甲子 癸亥 辛酉')
    expect(a.geJu).toMatchObject({ name: '润下格', kind: '外格' })
    expect(a.yongShen).toMatchObject({ method: '格局用神', yong: '水' })
    expect(a.yongShen.xi).toContain('金')
  })
})

/** Where the book's 用神 is not the engine's, the school the engine follows is named (docs/bazi-analysis.md「用神的次序」). */
describe('schools differ', () => {
  expectRows([
    [
      '《子平真诠》「论阳刃」 贾平章 甲寅 庚午 戊申 甲寅: 煞两透而根太重, 食以制之 (用煞, 木); 《穷通宝鉴》 五月戊土取壬、甲、丙, 原局无水, 调候为急 — 调候 school chosen',
      '甲寅 庚午 戊申 甲寅',
      '阳刃格',
      '调候',
      '水'
    ],
    [
      '《滴天髓阐微》「知命」 王姓 壬辰 壬寅 甲寅 庚午: 任氏「旺之极者，宜泄而不宜克……以午火为用」(庚金为病); 《子平真诠》「论建禄月劫」禄劫透官用官 — 子平 格局 chosen',
      '壬辰 壬寅 甲寅 庚午',
      '建禄格',
      '格局用神',
      '金'
    ],
    [
      '《滴天髓阐微》「地支」 辛未 辛丑 戊辰 壬戌: 任氏「辛金吐秀……用神之辛金」; 《穷通宝鉴》 十二月戊土取丙、甲, 原局无火, 调候为急 — 调候 school chosen',
      '辛未 辛丑 戊辰 壬戌',
      '伤官格',
      '调候',
      '火'
    ],
    // 《穷通宝鉴》's own 命例, in the passages the server quotes (server/data/qiongtong.ts): 调候 there decides
    // only when the season's need is missing (docs/bazi-analysis.md), so where the need is present 子平 decides
    [
      '《穷通宝鉴》三月癸水 辛卯 壬辰 癸未 丙辰: 「清明后、火气未炽，专用丙火……生上半月，用丙火、显达」; 《子平真诠》 杂气正官, 日主力弱佩印 — 子平 格局 chosen (丙透, 调候不急)',
      '辛卯 壬辰 癸未 丙辰',
      '正官格',
      '格局用神',
      '金'
    ],
    [
      '《穷通宝鉴》九月甲木 甲辰 甲戌 甲辰 甲戌: 「此为天元一气，又名一才一用。遇比用才，专取季土」; 《子平真诠》「论用神成败救应」 财轻比重, 财格败, 扶抑取官制比 — 子平 chosen',
      '甲辰 甲戌 甲辰 甲戌',
      '偏财格',
      '扶抑',
      '金'
    ]
  ])
})

describe('《穷通宝鉴》 调候 table', () => {
  it('四月丁火 取甲、庚; 正月甲木 丙、癸; 十二月乙木 专用丙', () => {
    expect(tiaoHouGods('丁', '巳')).toEqual(['甲', '庚'])
    expect(tiaoHouGods('甲', '寅')).toEqual(['丙', '癸'])
    expect(tiaoHouGods('乙', '丑')).toEqual(['丙'])
  })
  it('2024-05-13 12:00 (丁丑日, 巳月): no water 调候, and the note says where 甲、庚 stand', () => {
    const a = baziAnalysis(baziChart({ date: '2024-05-13 12:00', gender: 'male' }))
    expect(a.tiaoHou).toMatchObject({ gods: ['甲', '庚'], title: '四月丁火', urgent: false })
    expect(a.tiaoHou.note).toMatch(/^《穷通宝鉴》四月丁火取甲、庚：甲（木）.+；庚（金）/)
    expect(a.yongShen.method).not.toBe('调候')
    expect(a.geJu.name).toBe('月劫格')
  })
})

describe('外格 by their stated conditions (charts of real moments the engine found)', () => {
  const chart = (date: string) => baziAnalysis(baziChart({ date, gender: 'male' }))
  it.each([
    ['1984-03-11 22:30', '曲直格', '木'],
    ['1986-06-22 10:30', '炎上格', '火'],
    ['1989-04-08 12:30', '稼穑格', '土'],
    ['2028-08-14 04:30', '从革格', '金'],
    ['1971-12-14 22:30', '润下格', '水'],
    ['1993-11-24 00:30', '从财格', '水'],
    ['1992-12-26 08:30', '从杀格', '水'],
    ['1981-01-09 00:30', '从势格', '金'],
    ['1989-05-23 12:30', '化火格', '火']
  ])('%s is %s with 用神 %s', (date, name, yong) => {
    const a = chart(date)
    expect(a.geJu).toMatchObject({ name, kind: '外格' })
    expect(a.yongShen).toMatchObject({ method: '格局用神', yong })
    expect(a.yongShen.ji).not.toContain(yong)
  })
  it('通关 (《滴天髓》「通关」) when a broken 格 leaves two elements at war: 1993-05-28 23:30 火与金相战, 土通关', () => {
    const a = chart('1993-05-28 23:30')
    expect(a.geJu.state).toBe('败格')
    expect(a.yongShen).toMatchObject({ method: '通关', yong: '土', ji: ['木'] })
  })
  it('a chart with a rooted day master is never 从: 庚午 辛巳 庚辰 癸未 stays 七杀格', () => {
    expect(of('庚午 辛巳 庚辰 癸未').geJu.kind).toBe('正格')
  })
})

describe('strength spelled out', () => {
  it('names 得令/得地/得势 and marks the thresholds as the house convention', () => {
    const a = of('甲申 壬申 乙巳 戊寅')
    expect(a.strength.basis[0]).toMatch(/^失令/)
    expect(a.strength.basis.join('')).toContain('本站约定')
  })
  it('喜 and 忌 never overlap and the 用神 is never 忌 (2000 hours)', () => {
    for (let h = 0; h < 2000; h++) {
      const d = new Date(Date.UTC(1960, 0, 1) + h * 7 * 3600e3 * 5)
      const date =
        `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-` +
        `${String(d.getUTCDate()).padStart(2, '0')} ${String(d.getUTCHours()).padStart(2, '0')}:00`
      const y = baziAnalysis(baziChart({ date, gender: 'female' })).yongShen
      expect(y.ji).not.toContain(y.yong)
      expect(y.xi.filter((x) => y.ji.includes(x))).toEqual([])
    }
  })
})
