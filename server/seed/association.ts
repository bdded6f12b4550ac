import type { Tx } from '../db/database'
import { associations } from '../db/schema'
import { sanitizeArticleHtml } from '../modules/article/sanitize'

// The association's profile, written for this app.

export const ASSOCIATION = {
  slug: 'main',
  name: '中华易学文化研究会',
  logo: '/static/demo/association/logo.png',
  cover: '/static/demo/association/cover.png',
  slogan: '传承经典 · 研究致用 · 服务大众',
  foundedYear: 2012,
  duesFen: 30000,
  intro:
    `<p>中华易学文化研究会由一批高校学者、易学研究者与传统文化从业者共同发起，致力于《周易》经典的研究、普及与规范化应用。</p>
<h2>我们做什么</h2><ul><li>组织经典研读、学术论坛与公益讲座</li><li>制定风水、命理等从业者的职业能力标准与认证</li><li>编印会刊，整理古籍与优秀案例</li><li>` +
    `倡导理性、合规的传统文化服务</li></ul>
<h2>组织机构</h2><p>研究会下设学术委员会、风水专委会、命理专委会、天文历法组与公益讲师团，会员遍布全国二十余个省市。</p>`,
  benefits: [
    { title: '会员证书', text: '颁发电子会员证，可在本平台查询与展示' },
    { title: '学术活动', text: '优先报名论坛、读书会与实地考察，部分活动会员免费' },
    { title: '课程优惠', text: '平台课程与证书考核享会员专属优惠' },
    { title: '会刊赠阅', text: '每季度赠阅《易学研究通讯》电子版' },
    { title: '专业交流', text: '加入所在地区会员群，与同行切磋交流' },
    { title: '展示推荐', text: '优秀会员可入驻平台名师库，获得咨询推荐' }
  ],
  steps: ['在线填写入会申请', '缴纳年度会费（快速入会免缴）', '秘书处审核（3 个工作日）', '审核通过，领取电子会员证']
}

export async function seedAssociation(tx: Tx): Promise<void> {
  await tx
    .insert(associations)
    .values({ ...ASSOCIATION, intro: sanitizeArticleHtml(ASSOCIATION.intro) })
    .onConflictDoNothing({ target: associations.slug })
}
