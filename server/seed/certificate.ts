import { inArray } from 'drizzle-orm'

import type { Tx } from '../db/database'
import { certificateCategories, certificates } from '../db/schema'
import { sanitizeArticleHtml } from '../modules/article/sanitize'

// Demo certificate catalogue written for this app: the association's own professional certificates.

const asset = (name: string) => `/static/demo/certificate/${name}`
const ISSUER = '中华易学文化研究会'

export const CERTIFICATE_CATEGORIES = [
  { slug: 'fengshui', name: '风水类', sort: 1 },
  { slug: 'mingli', name: '命理类', sort: 2 },
  { slug: 'culture', name: '文化类', sort: 3 }
]

const requirements = (who: string, exam: string[], material = '近期免冠证件照一张（白底或蓝底）') =>
  `<h2>报考条件</h2><p>${who}</p><h2>考核内容</h2><ul>${exam.map((e) => `<li>${e}</li>`).join('')}</ul>
<h2>报名材料</h2><ul><li>本人身份证号与联系方式</li><li>${material}</li></ul>
<h2>流程</h2><p>在线填写报名表并缴费 → 资格审核（3 个工作日） → 参加考核 → 合格者颁发证书并可在本平台查询。</p>`

export const CERTIFICATES = [
  {
    slug: 'fengshui-planner',
    category: 'fengshui',
    title: '风水规划师（中级）',
    summary: '住宅与商铺的选址、布局与调整，面向从业者',
    cover: asset('fengshui.png'),
    level: '中级',
    feeFen: 128000,
    requirements: requirements('年满 18 周岁，具有高中及以上学历，或取得家居风水顾问证书满一年。', [
      '峦头：来龙、砂水、明堂与案山',
      '理气：八宅与玄空飞星的基本推算',
      '实操：给定户型图出具布局建议书'
    ])
  },
  {
    slug: 'home-fengshui',
    category: 'fengshui',
    title: '家居风水顾问（初级）',
    summary: '零基础入门，掌握居家布局的常见宜忌',
    cover: asset('home.png'),
    level: '初级',
    feeFen: 68000,
    requirements: requirements('年满 18 周岁，对传统居住文化有兴趣即可报考。', [
      '罗盘的认识与立向',
      '门、床、灶的方位宜忌',
      '常见户型问题的识别'
    ])
  },
  {
    slug: 'mingli-analyst',
    category: 'mingli',
    title: '命理分析师',
    summary: '四柱八字的排盘、格局与大运流年分析',
    cover: asset('mingli.png'),
    level: '中级',
    feeFen: 98000,
    requirements: requirements('年满 18 周岁，具有高中及以上学历，完成命理基础课程学习。', [
      '干支历法与排盘',
      '十神、格局与用神',
      '大运流年的推断与案例分析'
    ])
  },
  {
    slug: 'naming-planner',
    category: 'mingli',
    title: '姓名策划师',
    summary: '结合五行、音韵与字义为新生儿与企业起名',
    cover: asset('naming.png'),
    level: '中级',
    feeFen: 88000,
    requirements: requirements('年满 18 周岁，具有高中及以上学历。', [
      '汉字音形义与用字规范',
      '五行补益与三才五格',
      '企业与品牌命名实务'
    ])
  },
  {
    slug: 'date-selection',
    category: 'mingli',
    title: '择日顾问',
    summary: '婚嫁、开业、乔迁的择吉方法',
    cover: asset('zeri.png'),
    level: '初级',
    feeFen: 58000,
    requirements: requirements('年满 18 周岁，能熟练查阅万年历。', [
      '黄历术语：建除十二神、黄黑道',
      '冲煞与年月日时的配合',
      '常见事项的择日实例'
    ])
  },
  {
    slug: 'yijing-lecturer',
    category: 'culture',
    title: '易经文化讲师',
    summary: '面向传统文化讲师与教师，讲好《周易》',
    cover: asset('yijing.png'),
    level: '高级',
    feeFen: 158000,
    requirements: requirements(
      '大专及以上学历，有两年以上授课经历。',
      ['《周易》经传结构与主要注本', '六十四卦的义理讲解', '试讲：二十分钟公开课'],
      '近期免冠证件照一张，以及授课经历证明（可选）'
    )
  }
]

/** Categories and certificates, added by slug. */
export async function seedCertificates(tx: Tx): Promise<void> {
  await tx
    .insert(certificateCategories)
    .values(CERTIFICATE_CATEGORIES)
    .onConflictDoNothing({ target: certificateCategories.slug })
  const cats = await tx
    .select()
    .from(certificateCategories)
    .where(
      inArray(
        certificateCategories.slug,
        CERTIFICATE_CATEGORIES.map((c) => c.slug)
      )
    )
  const idOf = new Map(cats.map((c) => [c.slug, c.id]))
  await tx
    .insert(certificates)
    .values(
      CERTIFICATES.map(({ category, requirements: html, ...c }, i) => ({
        ...c,
        categoryId: idOf.get(category)!,
        issuer: ISSUER,
        requirements: sanitizeArticleHtml(html),
        sort: i + 1
      }))
    )
    .onConflictDoNothing({ target: certificates.slug })
}
