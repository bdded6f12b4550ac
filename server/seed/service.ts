import { inArray } from 'drizzle-orm'

import type { Tx } from '../db/database'
import type { ServiceKind } from '../db/schema'
import { consultServices, homeItems, serviceTeachers, teachers } from '../db/schema'

const img = (name: string) => `/static/demo/service/${name}.png`

interface SeededService {
  slug: string
  kind: ServiceKind
  title: string
  summary: string
  cover: string
  priceFen: number
  durationMin: number
  content: string
  teachers: string[]
}

/** Consultations (the 服务 tab), major plans (专业规划) and the house feng-shui services. */
export const SERVICES: SeededService[] = [
  {
    slug: 'bazi-reading',
    kind: 'consult',
    title: '八字详批 · 一对一',
    summary: '名师视频一对一，详解命局格局、用神喜忌与十年大运。',
    cover: img('bazi'),
    priceFen: 29900,
    durationMin: 60,
    content:
      '服务内容：根据您的出生时间排出四柱八字，分析日主强弱、格局与用神，讲解性格特点、事业财运、婚姻健康的大致走向，并逐步说明未来十年大运的重点。\n\n服务方式：预约时段内视频通话，结束后提供文字要点。' +
      '\n\n请准备：准确的出生年月日时与出生地（用于真太阳时校正）。',
    teachers: ['zhou-mingyuan', 'su-wanqing']
  },
  {
    slug: 'annual-fortune',
    kind: 'consult',
    title: '流年运势咨询',
    summary: '结合大运看今明两年的机遇与注意事项，给出可执行的建议。',
    cover: img('liunian'),
    priceFen: 19900,
    durationMin: 45,
    content:
      '服务内容：以原局为本，结合当前大运与流年干支，分析事业、财务、感情与健康方面的机遇和需要留意的月份。\n\n服务方式：语音或视频一对一。',
    teachers: ['zhou-mingyuan', 'zhao-xuanji']
  },
  {
    slug: 'liuyao-question',
    kind: 'consult',
    title: '六爻问事',
    summary: '一事一占，求职、合作、出行等具体问题的吉凶与应期。',
    cover: img('liuyao'),
    priceFen: 16800,
    durationMin: 30,
    content:
      '服务内容：就一件具体的事起卦，按纳甲六爻法断吉凶、看应期，并说明判断依据。\n\n注意：请一次只问一件事，问题越具体越好。',
    teachers: ['lin-qinghe']
  },
  {
    slug: 'naming',
    kind: 'consult',
    title: '起名改名咨询',
    summary: '结合八字喜用，兼顾音形义，为宝宝或企业推荐好名字。',
    cover: img('naming'),
    priceFen: 39900,
    durationMin: 60,
    content:
      '服务内容：分析八字五行喜忌，推荐 5 个候选名字并逐一说明字义出处、五行与读音搭配。\n\n企业起名另结合行业属性与字号查重建议。',
    teachers: ['su-wanqing']
  },
  {
    slug: 'date-selection',
    kind: 'consult',
    title: '择日择吉',
    summary: '婚嫁、开业、搬迁、动土，选出与当事人相宜的吉日吉时。',
    cover: img('zeri'),
    priceFen: 18800,
    durationMin: 30,
    content: '服务内容：根据事项与当事人八字，避开冲煞，提供 3 个备选吉日及吉时，并说明取用理由。',
    teachers: ['zhao-xuanji', 'su-wanqing']
  },
  {
    slug: 'study-plan',
    kind: 'plan',
    title: '学业与专业方向规划',
    summary: '高考志愿、考研方向：结合天赋特质与兴趣，理性选择专业。',
    cover: img('study'),
    priceFen: 59900,
    durationMin: 90,
    content:
      '适合人群：高中生及家长、准备考研或转专业的大学生。\n\n服务内容：从八字看性格特质与思维方式，结合学生的兴趣、成绩与家庭期望，梳理 2—3 个适合的专业方向，并给出择校与备考节奏建议。\n\n交付：' +
      '一次 90 分钟面谈（视频）＋书面规划要点。',
    teachers: ['zhou-mingyuan', 'lin-qinghe']
  },
  {
    slug: 'career-plan',
    kind: 'plan',
    title: '职业发展规划',
    summary: '求职转行、创业时机：看清优势行业与发展节奏。',
    cover: img('career'),
    priceFen: 69900,
    durationMin: 90,
    content:
      '适合人群：职场新人、考虑转行或创业的朋友。\n\n服务内容：分析适合的行业五行与工作方式，结合大运判断发展节奏，给出未来三到五年的阶段目标建议。\n\n交付：一次 90 分钟面谈（视频）＋书面规划要点。',
    teachers: ['zhao-xuanji', 'zhou-mingyuan']
  },
  {
    slug: 'learning-plan',
    kind: 'plan',
    title: '易学进修规划',
    summary: '零基础到进阶：为你定制读书顺序与课程路线。',
    cover: img('advance'),
    priceFen: 29900,
    durationMin: 60,
    content:
      '适合人群：想系统学习易学的爱好者。\n\n服务内容：了解您的基础与目标，推荐从《周易》经传、五行干支到八字或六爻的学习路线、书单与练习方法。',
    teachers: ['lin-qinghe']
  },
  {
    slug: 'house-fengshui',
    kind: 'house',
    title: '家居风水勘察（户型图）',
    summary: '上传户型图与朝向，老师在线分析格局、飞星与布局调整。',
    cover: img('house'),
    priceFen: 88800,
    durationMin: 90,
    content:
      '服务内容：根据户型图与实测朝向立极，分析大门、主卧、厨房、卫生间的方位吉凶，结合九运飞星给出家具摆放与色彩调整建议。\n\n请准备：清晰的户型图、指南针测得的大门朝向度数、家庭成员出生年份。',
    teachers: ['chen-jingshan']
  },
  {
    slug: 'office-fengshui',
    kind: 'house',
    title: '办公室风水布局',
    summary: '老板位、财位、工位朝向，让办公空间更聚气。',
    cover: img('office'),
    priceFen: 128800,
    durationMin: 120,
    content:
      '服务内容：分析办公室整体格局，确定负责人座位、财位与会议室位置，给出工位朝向与动线建议。\n\n请准备：平面图、入户门朝向、负责人出生年份。',
    teachers: ['chen-jingshan']
  }
]

export async function seedServices(tx: Tx): Promise<void> {
  await tx
    .insert(consultServices)
    .values(SERVICES.map(({ teachers: _t, ...s }, i) => ({ ...s, sort: i + 1 })))
    .onConflictDoNothing({ target: consultServices.slug })
  const services = await tx
    .select({ id: consultServices.id, slug: consultServices.slug })
    .from(consultServices)
    .where(
      inArray(
        consultServices.slug,
        SERVICES.map((s) => s.slug)
      )
    )
  const people = await tx.select({ id: teachers.id, slug: teachers.slug }).from(teachers)
  const teacherId = new Map(people.map((t) => [t.slug, t.id]))
  const serviceId = new Map(services.map((s) => [s.slug, s.id]))
  const links = SERVICES.flatMap((s) =>
    s.teachers
      .filter((t) => teacherId.has(t))
      .map((t) => ({ serviceId: serviceId.get(s.slug)!, teacherId: teacherId.get(t)! }))
  )
  if (links.length) await tx.insert(serviceTeachers).values(links).onConflictDoNothing()
  // The home page's 学习进阶 section links the plans too.
  await tx
    .insert(homeItems)
    .values({
      sectionKey: 'learn',
      slug: 'major-plan',
      title: '专业规划',
      subtitle: '名师一对一，规划学业与职业',
      image: img('study'),
      url: '/pages/majorPlan/majorPlan',
      sort: 10
    })
    .onConflictDoNothing()
}
