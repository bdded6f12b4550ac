/**
 * 神煞 rules as data. Each rule names its classical source. Kinds:
 * - ganToZhi: from the day stem and/or year stem, the branches that carry it;
 * - zhiToZhi: from the year and/or day branch (or the month branch), the branches that carry it;
 * - monthToChar: from the month branch, a stem or branch anywhere in the pillar;
 * - dayPillar: a list of 干支 that are the 神煞 when they stand as the day pillar (and hour where noted);
 * - named special rules in shensha.ts (gender, 纳音 or season dependent).
 * Tables are written in the order of the basis: stems 甲..癸, branches 子..亥.
 */
export type StemBasis = 'dayGan' | 'yearGan'
export type BranchBasis = 'yearZhi' | 'dayZhi' | 'monthZhi'

export interface GanToZhiRule {
  kind: 'ganToZhi'
  name: string
  source: string
  basis: StemBasis[]
  table: readonly string[]
}
export interface ZhiToZhiRule {
  kind: 'zhiToZhi'
  name: string
  source: string
  basis: BranchBasis[]
  table: readonly string[]
}
export interface MonthToCharRule {
  kind: 'monthToChar'
  name: string
  source: string
  table: readonly string[]
}
export interface DayPillarRule {
  kind: 'dayPillar'
  name: string
  source: string
  ganZhi: readonly string[]
  alsoHour?: boolean
}
export type ShenShaRule = GanToZhiRule | ZhiToZhiRule | MonthToCharRule | DayPillarRule

const byStems = (name: string, source: string, basis: StemBasis[], table: string): GanToZhiRule => ({
  kind: 'ganToZhi',
  name,
  source,
  basis,
  table: table.split(' ')
})
const byBranches = (name: string, source: string, basis: BranchBasis[], table: string): ZhiToZhiRule => ({
  kind: 'zhiToZhi',
  name,
  source,
  basis,
  table: table.split(' ')
})
const byMonth = (name: string, source: string, table: string): MonthToCharRule => ({
  kind: 'monthToChar',
  name,
  source,
  table: table.split(' ')
})
const dayPillars = (name: string, source: string, list: string, alsoHour = false): DayPillarRule => ({
  kind: 'dayPillar',
  name,
  source,
  ganZhi: list.split(' '),
  alsoHour
})

const DAY_YEAR: StemBasis[] = ['dayGan', 'yearGan']
const YEAR_DAY: BranchBasis[] = ['yearZhi', 'dayZhi']

export const SHEN_SHA_RULES: readonly ShenShaRule[] = [
  // 甲戊庚牛羊，乙己鼠猴乡，丙丁猪鸡位，壬癸兔蛇藏，六辛逢马虎
  byStems('天乙贵人', '《三命通会》卷三「论天乙贵人」', DAY_YEAR, '丑未 子申 亥酉 亥酉 丑未 子申 丑未 午寅 卯巳 卯巳'),
  // 甲乙生人子午中，丙丁鸡兔定亨通，戊己两干临四季，庚辛寅亥禄丰隆，壬癸巳申偏喜美
  byStems(
    '太极贵人',
    '《三命通会》卷三「论太极贵人」',
    DAY_YEAR,
    '子午 子午 卯酉 卯酉 辰戌丑未 辰戌丑未 寅亥 寅亥 巳申 巳申'
  ),
  // 甲乙巳午报君知，丙戊申宫丁己鸡，庚猪辛鼠壬逢虎，癸人见卯入云梯
  byStems('文昌贵人', '《三命通会》卷三「论文昌」', DAY_YEAR, '巳 午 申 酉 申 酉 亥 子 寅 卯'),
  // 甲戌 乙亥 丙丑 丁寅 戊丑 己寅 庚辰 辛巳 壬未 癸申
  byStems('国印贵人', '《三命通会》卷三「论国印」', DAY_YEAR, '戌 亥 丑 寅 丑 寅 辰 巳 未 申'),
  // 甲禄在寅，乙禄在卯，丙戊禄在巳，丁己禄在午，庚禄在申，辛禄在酉，壬禄在亥，癸禄在子
  byStems('禄神', '《三命通会》卷三「论禄」', ['dayGan'], '寅 卯 巳 午 巳 午 申 酉 亥 子'),
  // 禄前一位为刃
  byStems('羊刃', '《三命通会》卷三「论阳刃」（禄前一辰）', ['dayGan'], '卯 辰 午 未 午 未 酉 戌 子 丑'),
  // 羊刃对冲
  byStems('飞刃', '《三命通会》卷三「论阳刃」（刃之冲）', ['dayGan'], '酉 戌 子 丑 子 丑 卯 辰 午 未'),
  // 禄前二辰
  byStems('金舆', '《三命通会》卷三「论金舆」', ['dayGan'], '辰 巳 未 申 未 申 戌 亥 丑 寅'),
  // 多情多欲少人知，六丙逢寅辛见鸡，癸临申上丁见未，甲乙午申庚见戌，戊己怕辰壬怕子
  byStems('红艳煞', '《三命通会》卷三「论红艳」', ['dayGan'], '午 申 寅 未 辰 辰 戌 酉 子 申'),
  // 申子辰马在寅，寅午戌马在申，巳酉丑马在亥，亥卯未马在巳
  byBranches('驿马', '《三命通会》卷三「论驿马」', YEAR_DAY, '寅 亥 申 巳 寅 亥 申 巳 寅 亥 申 巳'),
  // 申子辰在酉，寅午戌在卯，巳酉丑在午，亥卯未在子
  byBranches('桃花', '《三命通会》卷三「论咸池」', YEAR_DAY, '酉 午 卯 子 酉 午 卯 子 酉 午 卯 子'),
  byBranches('华盖', '《三命通会》卷三「论华盖」', YEAR_DAY, '辰 丑 戌 未 辰 丑 戌 未 辰 丑 戌 未'),
  byBranches('将星', '《三命通会》卷三「论将星」', YEAR_DAY, '子 酉 午 卯 子 酉 午 卯 子 酉 午 卯'),
  byBranches('劫煞', '《三命通会》卷三「论劫煞亡神」', YEAR_DAY, '巳 寅 亥 申 巳 寅 亥 申 巳 寅 亥 申'),
  byBranches('亡神', '《三命通会》卷三「论劫煞亡神」', YEAR_DAY, '亥 申 巳 寅 亥 申 巳 寅 亥 申 巳 寅'),
  byBranches('灾煞', '《三命通会》卷三「论灾煞」（将星之冲）', YEAR_DAY, '午 卯 子 酉 午 卯 子 酉 午 卯 子 酉'),
  // 亥子丑人见寅为孤见戌为寡，寅卯辰见巳丑，巳午未见申辰，申酉戌见亥未
  byBranches('孤辰', '《三命通会》卷三「论孤辰寡宿」', ['yearZhi'], '寅 寅 巳 巳 巳 申 申 申 亥 亥 亥 寅'),
  byBranches('寡宿', '《三命通会》卷三「论孤辰寡宿」', ['yearZhi'], '戌 戌 丑 丑 丑 辰 辰 辰 未 未 未 戌'),
  // 红鸾：子年在卯，逆行；天喜在红鸾之冲
  byBranches(
    '红鸾',
    '《紫微斗数全书》「红鸾天喜」（子年红鸾在卯，逆行；天喜在其对宫）',
    ['yearZhi'],
    '卯 寅 丑 子 亥 戌 酉 申 未 午 巳 辰'
  ),
  byBranches(
    '天喜',
    '《紫微斗数全书》「红鸾天喜」（子年红鸾在卯，逆行；天喜在其对宫）',
    ['yearZhi'],
    '酉 申 未 午 巳 辰 卯 寅 丑 子 亥 戌'
  ),
  // 丧门：岁前二辰；吊客：岁后二辰；披麻：岁后三辰
  byBranches('丧门', '《三命通会》卷三「论丧门吊客」', ['yearZhi'], '寅 卯 辰 巳 午 未 申 酉 戌 亥 子 丑'),
  byBranches('吊客', '《三命通会》卷三「论丧门吊客」', ['yearZhi'], '戌 亥 子 丑 寅 卯 辰 巳 午 未 申 酉'),
  byBranches('披麻', '《三命通会》卷三「论丧门吊客」（岁后三辰）', ['yearZhi'], '酉 戌 亥 子 丑 寅 卯 辰 巳 午 未 申'),
  // 血刃：寅月丑，卯月未，辰月寅，巳月申，午月卯，未月酉，申月辰，酉月戌，戌月巳，亥月亥，子月午，丑月子
  byBranches('血刃', '《三命通会》卷三「论血刃」', ['monthZhi'], '午 子 丑 未 寅 申 卯 酉 辰 戌 巳 亥'),
  // 天医：月建前一辰（寅月见丑）
  byBranches('天医', '《三命通会》卷三「论天医」', ['monthZhi'], '亥 子 丑 寅 卯 辰 巳 午 未 申 酉 戌'),
  // 正丁二申宫，三壬四辛同，五亥六甲上，七癸八寅逢，九丙十归乙，子巳丑庚中 (子月 first)
  byMonth('天德贵人', '《三命通会》卷三「论天月德」', '巳 庚 丁 申 壬 辛 亥 甲 癸 寅 丙 乙'),
  byMonth('天德合', '《三命通会》卷三「论天月德」（天德之合）', '申 乙 壬 巳 丁 丙 寅 己 戊 亥 辛 庚'),
  // 寅午戌月在丙，申子辰月在壬，亥卯未月在甲，巳酉丑月在庚
  byMonth('月德贵人', '《三命通会》卷三「论天月德」', '壬 庚 丙 甲 壬 庚 丙 甲 壬 庚 丙 甲'),
  byMonth('月德合', '《三命通会》卷三「论天月德」（月德之合）', '丁 乙 辛 己 丁 乙 辛 己 丁 乙 辛 己'),
  dayPillars('魁罡', '《三命通会》卷三「论魁罡」', '庚辰 庚戌 壬辰 戊戌'),
  dayPillars(
    '阴差阳错',
    '《三命通会》卷三「论阴差阳错」',
    '丙子 丁丑 戊寅 辛卯 壬辰 癸巳 丙午 丁未 戊申 辛酉 壬戌 癸亥'
  ),
  dayPillars('十恶大败', '《三命通会》卷三「论十恶大败」', '甲辰 乙巳 丙申 丁亥 戊戌 己丑 庚辰 辛巳 壬申 癸亥'),
  dayPillars('孤鸾煞', '《三命通会》卷三「论孤鸾寡鹄」', '乙巳 丁巳 辛亥 戊申 甲寅 壬子 丙午 戊午'),
  dayPillars('金神', '《三命通会》卷三「论金神」', '乙丑 己巳 癸酉', true),
  dayPillars('八专', '《三命通会》卷三「论八专」', '甲寅 乙卯 丁未 戊戌 己未 庚申 辛酉 癸丑'),
  dayPillars('九丑', '《三命通会》卷三「论九丑」', '丁酉 戊子 戊午 己卯 己酉 辛卯 辛酉 壬子 壬午')
]

/** Names of the special rules computed in shensha.ts, with their sources. */
export const SPECIAL_SHEN_SHA_SOURCES: Record<string, string> = {
  学堂: '《三命通会》卷三「论学堂词馆」：年命纳音五行之长生位',
  词馆: '《三命通会》卷三「论学堂词馆」：年命纳音五行之临官位',
  元辰: '《三命通会》卷三「论元辰」：阳男阴女冲前一辰，阴男阳女冲后一辰',
  勾绞煞: '《三命通会》卷三「论勾绞」：阳男阴女命前三辰为勾、命后三辰为绞，阴男阳女反之',
  天赦: '《三命通会》卷三「论天赦」：春戊寅、夏甲午、秋戊申、冬甲子日',
  天罗: '《三命通会》卷三「论天罗地网」：戌亥为天罗（年支或日支为戌亥，他柱见其一）',
  地网: '《三命通会》卷三「论天罗地网」：辰巳为地网（年支或日支为辰巳，他柱见其一）',
  童子煞: '《三命通会》卷三：春秋寅子，冬夏卯未辰；金木午卯，水火酉戌，土命辰巳（日、时支）',
  三奇贵人: '《三命通会》卷三「论三奇」：年月日或月日时天干顺见甲戊庚、乙丙丁、壬癸辛',
  空亡: '《三命通会》卷二「论空亡」：日柱旬空之支（年月时支见之）'
}
