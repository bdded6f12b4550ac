import type { Executor } from '../db/database'
import { baziTips, homeItems, homeSections, toolProducts } from '../db/schema'

const img = (path: string) => `/static/demo/${path}`

export const BAZI_TIPS = [
  { slug: 'time-exact', content: '出生时间请尽量精确到分钟：时辰交界前后（如 12:58 与 13:02）排出的时柱可能不同。' },
  {
    slug: 'true-solar',
    content: '选择出生地后可开启真太阳时：按当地经度与均时差校正钟表时间，西部地区相差可达一两个小时。'
  },
  { slug: 'lunar-leap', content: '农历生日遇闰月请勾选“闰月”，例如 2020 年有闰四月、2023 年有闰二月。' },
  { slug: 'zi-hour', content: '23:00 以后出生涉及早晚子时：默认 23 点换日（子初换日），也可改为夜子时不换日。' },
  { slug: 'dst', content: '1986—1991 年夏季中国实行夏令时，按当时钟表记录的出生时间会自动减去一小时。' },
  { slug: 'save-record', content: '排盘后点“保存档案”，以后可在“八字档案”中一键打开，并设为每日运势的默认命盘。' }
].map((t, i) => ({ ...t, sort: i + 1 }))

export const REPORT_PRODUCT = {
  key: 'bazi_report',
  title: '八字详批报告',
  description:
    '格局与用神、六亲、事业、财运、婚姻、健康逐项详批，十步大运逐运分析，未来十年流年逐年提示；可保存为 PDF。一次购买，永久查看。',
  priceFen: 3990,
  originalPriceFen: 9900
}

/** Tips, the report's price and a home section linking the records and reports (by stable keys). */
export async function seedTools(tx: Executor): Promise<void> {
  await tx.insert(baziTips).values(BAZI_TIPS).onConflictDoNothing({ target: baziTips.slug })
  await tx.insert(toolProducts).values(REPORT_PRODUCT).onConflictDoNothing({ target: toolProducts.key })
  await tx
    .insert(homeSections)
    .values({ key: 'bazi_records', title: '我的命盘', moreUrl: '/pages/bazi/list', sort: 5 })
    .onConflictDoNothing({ target: homeSections.key })
  await tx
    .insert(homeItems)
    .values([
      {
        sectionKey: 'bazi_records',
        slug: 'bazi-list',
        title: '八字档案',
        subtitle: '保存的命盘一键打开',
        image: img('icons/bazi.png'),
        url: '/pages/bazi/list',
        sort: 1
      },
      {
        sectionKey: 'bazi_records',
        slug: 'bazi-report',
        title: '详批报告',
        subtitle: '大运流年逐年详批',
        image: img('icons/xingming.png'),
        url: '/pages/my/report',
        tag: '精选',
        sort: 2
      }
    ])
    .onConflictDoNothing()
}
