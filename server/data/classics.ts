/**
 * Short passages quoted word for word in the paid report, with book and chapter. 《子平真诠》 as in
 * 民国·徐乐吾《子平真诠评注》 (原文, 评注不录); 《滴天髓》 as in 清·任铁樵《滴天髓阐微》 (原文). Only the
 * book's own wording is kept here; what the report says around a passage is written by the rules.
 */
export interface ClassicQuote {
  book: string
  chapter: string
  text: string
}

const zp = (chapter: string, text: string): ClassicQuote => ({ book: '子平真诠', chapter, text })
const dts = (chapter: string, text: string): ClassicQuote => ({ book: '滴天髓', chapter, text })

export const ZI_PING_YONG_SHEN = zp('论用神', '八字用神，专求月令，以日干配月令地支，而生克不同，格局分焉。')

/** The opening of each 格's chapter in 《子平真诠》. */
export const ZI_PING_GE_JU: Record<string, ClassicQuote> = {
  正官格: zp('论正官', '正官者分所当尊，如在国有君，在家有亲，刑冲破害，以下犯上，乌乎可乎？'),
  正财格: zp('论财', '财为我克，使用之物也，以能生官，所以为美。为财帛，为妻妾，为才能，为驿马，皆财类也。'),
  偏财格: zp('论财', '财为我克，使用之物也，以能生官，所以为美。为财帛，为妻妾，为才能，为驿马，皆财类也。'),
  正印格: zp('论印绶', '印绶喜其生身，正偏同为美格，故财与印不分偏正，同为一格而论之。'),
  偏印格: zp('论印绶', '印绶喜其生身，正偏同为美格，故财与印不分偏正，同为一格而论之。'),
  食神格: zp('论食神', '食神本属泄气，以其能生正财，所以喜之。故食神生财，美格也。'),
  七杀格: zp('论偏官', '煞以攻身，似非美物，百大贵之格，多存七煞。'),
  伤官格: zp('论伤官', '伤官虽非吉神，实为秀气，故文人学士，多于伤官格内得之。'),
  阳刃格: zp('论阳刃', '阳刃者，劫我正财之神，乃正财之七煞也。'),
  建禄格: zp('论建禄月劫', '建禄者，月建逢禄堂也，禄即是劫。'),
  月劫格: zp('论建禄月劫', '建禄者，月建逢禄堂也，禄即是劫。')
}

/** 财 in 《子平真诠》「论财」 names wife and wealth alike. */
export const ZI_PING_CAI = ZI_PING_GE_JU.正财格
export const DI_TIAN_SUI_FU_QI = dts('夫妻', '夫妻因缘宿世来，喜神有意傍天财。')
export const DI_TIAN_SUI_JI_BING = dts('疾病', '五行和者，一世无灾。血气乱者，生平多疾。')
