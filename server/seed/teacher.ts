import { inArray } from 'drizzle-orm'

import type { Tx } from '../db/database'
import { teacherReviews, teachers } from '../db/schema'

const img = (name: string) => `/static/demo/teacher/${name}.png`

// Names and titles match the course seed, so each teacher's courses are found by name.
export const TEACHERS = [
  {
    slug: 'zhou-mingyuan',
    name: '周明远',
    title: '命理研究二十年 · 易学讲师',
    city: '杭州',
    years: 20,
    specialties: ['八字命理', '流年运势', '学业规划'],
    intro:
      '早年师从江南命理名家，专研子平八字与滴天髓，讲求以格局用神为纲、以岁运应期为验。\n\n二十年间批阅命例逾万，擅长以浅白的语言讲清命局的强弱与喜忌，帮助来访者看清自身长处，做好人生规划。'
  },
  {
    slug: 'lin-qinghe',
    name: '林清和',
    title: '周易研究会理事',
    city: '北京',
    years: 16,
    specialties: ['周易经传', '六爻纳甲', '进修规划'],
    intro:
      '研读《周易》经传多年，兼修京房纳甲与火珠林六爻，主张“以理御数”。\n\n长期开设周易读经班，课程条理清楚，善于把卦爻辞与生活实例结合讲解。'
  },
  {
    slug: 'chen-jingshan',
    name: '陈景山',
    title: '风水堪舆师 · 罗盘实操导师',
    city: '广州',
    years: 18,
    specialties: ['家居风水', '办公布局', '玄空飞星'],
    intro:
      '出身岭南堪舆世家，精于三元玄空与八宅，注重实地罗盘立极与户型分析。\n\n服务过数百个家庭与企业的空间布局，讲求“先看形势、再论理气”，建议务实可行，不故弄玄虚。'
  },
  {
    slug: 'zhao-xuanji',
    name: '赵玄机',
    title: '奇门遁甲研究者',
    city: '成都',
    years: 12,
    specialties: ['奇门遁甲', '择日择吉', '职业规划'],
    intro:
      '专研时家奇门与择日之学，善用奇门盘分析事业方向与时机选择。\n\n为众多创业者提供开业、签约、出行择吉建议，讲究天时地利人和的综合判断。'
  },
  {
    slug: 'su-wanqing',
    name: '苏婉清',
    title: '姓名学与择吉顾问',
    city: '上海',
    years: 10,
    specialties: ['起名改名', '八字命理', '择日择吉'],
    intro:
      '结合八字喜用与音形义为新生儿和企业起名，兼顾五行补益、字义典故与读音美感。\n\n耐心细致，常为一个名字反复推敲，深受年轻父母信赖。'
  }
].map((t, i) => ({ ...t, avatar: img(t.slug), cover: img('cover'), sort: i + 1 }))

const REVIEWS: Record<string, [string, number, string][]> = {
  'zhou-mingyuan': [
    ['王女士', 5, '周老师把我八字里的强弱讲得很透，说我适合做需要耐心和细致的工作，和我这几年的体会完全吻合。'],
    ['李先生', 5, '孩子选专业前找周老师做了规划，建议理性务实，不只是讲命理，还结合了孩子的兴趣。'],
    ['陈同学', 4, '讲解清楚，流年提醒也很具体，准备按老师的建议调整今年的节奏。']
  ],
  'lin-qinghe': [
    ['赵先生', 5, '林老师起卦断事条理分明，每一爻怎么看都讲给我听，受益匪浅。'],
    ['孙女士', 5, '跟林老师做了进修规划，先读经再学六爻，循序渐进，不再东一榔头西一棒子。']
  ],
  'chen-jingshan': [
    ['周先生', 5, '陈老师看了户型图后给出的调整都很实用：玄关加屏风、床头换了方向，睡眠明显好了。'],
    ['吴女士', 5, '办公室重新布局后团队氛围好了很多，老师还细心标注了每个座位的朝向。'],
    ['郑先生', 4, '讲解专业，报告很详细，下次搬家还会找陈老师。']
  ],
  'zhao-xuanji': [
    ['冯先生', 5, '开业择日很用心，给了三个备选吉日并说明了理由。'],
    ['何女士', 4, '职业规划结合奇门盘分析了适合发展的方位和时机，思路很新颖。']
  ],
  'su-wanqing': [
    ['林妈妈', 5, '苏老师给宝宝起的名字寓意好、读起来也好听，全家都很满意。'],
    ['黄先生', 5, '公司改名的建议兼顾了行业属性和五行，解释得非常清楚。']
  ]
}

export async function seedTeachers(tx: Tx): Promise<void> {
  await tx.insert(teachers).values(TEACHERS).onConflictDoNothing({ target: teachers.slug })
  const saved = await tx
    .select({ id: teachers.id, slug: teachers.slug })
    .from(teachers)
    .where(inArray(teachers.slug, Object.keys(REVIEWS)))
  const day = 24 * 3600 * 1000
  const reviews = saved.flatMap((t) =>
    REVIEWS[t.slug].map(([author, rating, content], i) => ({
      slug: `${t.slug}-${i + 1}`,
      teacherId: t.id,
      author,
      rating,
      content,
      createdAt: new Date(Date.UTC(2026, 9, 1) - (i * 9 + 3) * day)
    }))
  )
  if (reviews.length)
    await tx.insert(teacherReviews).values(reviews).onConflictDoNothing({ target: teacherReviews.slug })
}
