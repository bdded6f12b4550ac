import { and, type AnyColumn, eq, inArray, sql } from 'drizzle-orm'

import type { Tx } from '../db/database'
import {
  courseCategories,
  courseChapters,
  courseLessons,
  courses,
  homeItems,
  homeSections,
  liveSessions,
  offlineClasses
} from '../db/schema'
import { sanitizeArticleHtml } from '../modules/article/sanitize'

// Demo courses written for this app. Videos are short title cards with a tone (6 s each), made for the demo.

const asset = (name: string) => `/static/demo/course/${name}`
/** Videos are not public: a media key, played through signed links (server/modules/course/media.ts). */
const media = (name: string) => `media:course/${name}`
/** Where the demo videos were served publicly before; rows seeded then are moved to their media key. */
const OLD_VIDEO_PREFIX = '/static/demo/course/'
/** Every demo video is 6 seconds long. */
const VIDEO_SEC = 6

export const CATEGORIES = [
  { slug: 'bazi', name: '八字命理', sort: 1 },
  { slug: 'zhouyi', name: '周易六爻', sort: 2 },
  { slug: 'fengshui', name: '风水堪舆', sort: 3 },
  { slug: 'qimen', name: '奇门遁甲', sort: 4 },
  { slug: 'naming', name: '姓名择日', sort: 5 }
]

interface LessonSeed {
  slug: string
  title: string
  video: string
  preview?: boolean
}

interface CourseSeed {
  slug: string
  category: string
  kind: 'recorded' | 'live' | 'offline'
  title: string
  subtitle: string
  cover: string
  teacher: string
  teacherTitle: string
  intro: string
  priceFen: number
  originalPriceFen: number
  chapters?: { slug: string; title: string; lessons: LessonSeed[] }[]
  /**
   * Relative to the first seeding, so the schedule has past, present and future sessions: `day` at
   * 20:00 China time, or `startHours` from that moment (the session live at seeding).
   */
  sessions?: {
    slug: string
    title: string
    day?: number
    startHours?: number
    lengthHours: number
    replay?: string
    stream?: string
  }[]
  classes?: {
    slug: string
    title: string
    startDays: number
    days: number
    city: string
    address: string
    latitude: number
    longitude: number
    seats: number
    taken: number
  }[]
}

export const COURSES: CourseSeed[] = [
  {
    slug: 'bazi-basics',
    category: 'bazi',
    kind: 'recorded',
    title: '八字命理入门',
    subtitle: '从干支历法到十神格局，零基础学会排盘',
    cover: asset('bazi.png'),
    teacher: '周明远',
    teacherTitle: '命理研究二十年 · 易学讲师',
    intro: `<p>本课从最基础的阴阳五行讲起，逐步带你认识天干地支、排出四柱、找出十神，最后学会判断日主强弱与用神取舍。</p>
<h2>你将学到</h2><ul><li>阴阳五行的生克制化</li><li>年月日时四柱的排法与节气交界</li><li>十神的含义与六亲对应</li><li>日主旺衰与用神的基本判断</li></ul>
<p>每一讲都配有命例练习，学完即可独立排盘并做初步分析。</p>`,
    priceFen: 19900,
    originalPriceFen: 39900,
    chapters: [
      {
        slug: 'c1',
        title: '第一章 阴阳五行',
        lessons: [
          { slug: 'l1', title: '阴阳之道：一切变化的起点', video: 'yinyang.mp4', preview: true },
          { slug: 'l2', title: '五行生克：木火土金水的流转', video: 'wuxing.mp4', preview: true },
          { slug: 'l3', title: '五行旺相休囚死', video: 'wuxing.mp4' }
        ]
      },
      {
        slug: 'c2',
        title: '第二章 四柱排盘',
        lessons: [
          { slug: 'l4', title: '天干地支与六十甲子', video: 'bazi.mp4' },
          { slug: 'l5', title: '年柱月柱：以立春和节气为界', video: 'bazi.mp4' },
          { slug: 'l6', title: '日柱时柱与真太阳时', video: 'bazi.mp4' }
        ]
      },
      {
        slug: 'c3',
        title: '第三章 十神与格局',
        lessons: [
          { slug: 'l7', title: '十神的由来与六亲', video: 'bazi.mp4' },
          { slug: 'l8', title: '日主强弱与用神', video: 'bazi.mp4' }
        ]
      }
    ]
  },
  {
    slug: 'liuyao-najia',
    category: 'zhouyi',
    kind: 'recorded',
    title: '六爻纳甲精讲',
    subtitle: '摇卦、装卦、断卦，一套完整的六爻体系',
    cover: asset('liuyao.png'),
    teacher: '林清和',
    teacherTitle: '周易研究会理事',
    intro: `<p>六爻以《周易》六十四卦为体，以京房纳甲为用。本课讲清楚金钱卦的摇法、世应与六亲的安排、用神的选取，以及动爻变爻的断法。</p>
<h2>课程特色</h2><p>每一讲配合真实卦例，先装卦再逐爻分析，帮助你建立清晰的断卦步骤。</p>`,
    priceFen: 29900,
    originalPriceFen: 49900,
    chapters: [
      {
        slug: 'c1',
        title: '第一章 八卦与六十四卦',
        lessons: [
          { slug: 'l1', title: '八卦取象：乾坤震巽坎离艮兑', video: 'bagua.mp4', preview: true },
          { slug: 'l2', title: '八宫六十四卦与世应', video: 'bagua.mp4' }
        ]
      },
      {
        slug: 'c2',
        title: '第二章 装卦与断卦',
        lessons: [
          { slug: 'l3', title: '纳甲装卦与六亲', video: 'bagua.mp4' },
          { slug: 'l4', title: '用神、原神、忌神', video: 'bagua.mp4' },
          { slug: 'l5', title: '动爻与变卦的断法', video: 'bagua.mp4' }
        ]
      }
    ]
  },
  {
    slug: 'home-fengshui',
    category: 'fengshui',
    kind: 'recorded',
    title: '家居风水实用课',
    subtitle: '大门、客厅、卧室、厨房，一看就懂的居家布局',
    cover: asset('fengshui.png'),
    teacher: '陈景山',
    teacherTitle: '风水堪舆师 · 罗盘实操导师',
    intro: `<p>风水讲究“藏风聚气”。本课从峦头形势入手，结合八宅与玄空飞星的基本理气，讲解住宅各个空间的布局要点与常见问题的化解方法。</p>`,
    priceFen: 9900,
    originalPriceFen: 19900,
    chapters: [
      {
        slug: 'c1',
        title: '第一章 风水基础',
        lessons: [
          { slug: 'l1', title: '峦头与理气', video: 'fengshui.mp4', preview: true },
          { slug: 'l2', title: '罗盘二十四山', video: 'fengshui.mp4' }
        ]
      },
      {
        slug: 'c2',
        title: '第二章 居家布局',
        lessons: [
          { slug: 'l3', title: '大门与玄关', video: 'fengshui.mp4' },
          { slug: 'l4', title: '客厅、卧室与厨房', video: 'fengshui.mp4' }
        ]
      }
    ]
  },
  {
    slug: 'zhouyi-open',
    category: 'zhouyi',
    kind: 'recorded',
    title: '周易通识公开课',
    subtitle: '经传导读，读懂卦辞爻辞的思想',
    cover: asset('zhouyi.png'),
    teacher: '林清和',
    teacherTitle: '周易研究会理事',
    intro: `<p>《周易》分经与传两部分。本公开课带你认识卦画、卦名、卦辞与爻辞，并导读《系辞传》中的核心思想。报名即可免费学习全部课时。</p>`,
    priceFen: 0,
    originalPriceFen: 0,
    chapters: [
      {
        slug: 'c1',
        title: '经传导读',
        lessons: [
          { slug: 'l1', title: '易有三义：简易、变易、不易', video: 'yinyang.mp4', preview: true },
          { slug: 'l2', title: '乾坤二卦导读', video: 'bagua.mp4' },
          { slug: 'l3', title: '《系辞传》选读', video: 'bagua.mp4' }
        ]
      }
    ]
  },
  {
    slug: 'qimen-live',
    category: 'qimen',
    kind: 'live',
    title: '奇门遁甲直播班',
    subtitle: '时家奇门系统讲解，每周直播，回放可看',
    cover: asset('qimen.png'),
    teacher: '赵玄机',
    teacherTitle: '奇门遁甲研究者',
    intro: `<p>直播讲解时家奇门的起局方法：定局数、排地盘天盘、布八门九星八神，并结合实际问事讲解用神与格局。报名后可观看全部直播与回放。</p>`,
    priceFen: 0,
    originalPriceFen: 0,
    sessions: [
      { slug: 's1', title: '第一讲 阴遁阳遁与定局', day: -7, lengthHours: 1.5, replay: 'yinyang.mp4' },
      { slug: 's2', title: '第二讲 地盘天盘的排法', day: -3, lengthHours: 1.5, replay: 'bagua.mp4' },
      { slug: 's3', title: '第三讲 八门九星八神', startHours: -0.5, lengthHours: 2, stream: 'bagua.mp4' },
      { slug: 's4', title: '第四讲 用神与格局', day: 2, lengthHours: 1.5 },
      { slug: 's5', title: '第五讲 实例问事', day: 9, lengthHours: 1.5 }
    ]
  },
  {
    slug: 'bazi-live-qa',
    category: 'bazi',
    kind: 'live',
    title: '八字实战直播答疑',
    subtitle: '老师在线解读命例，学员提问现场解答',
    cover: asset('qa.png'),
    teacher: '周明远',
    teacherTitle: '命理研究二十年 · 易学讲师',
    intro: `<p>每期选取学员提交的命例，现场演示排盘与分析思路，并解答课程中的疑难问题。购买后可观看全部直播与回放。</p>`,
    priceFen: 9900,
    originalPriceFen: 19900,
    sessions: [
      { slug: 's1', title: '命例解读：从格局看事业', day: -5, lengthHours: 2, replay: 'bazi.mp4' },
      { slug: 's2', title: '命例解读：婚姻与六亲', day: 4, lengthHours: 2 }
    ]
  },
  {
    slug: 'fengshui-field',
    category: 'fengshui',
    kind: 'offline',
    title: '风水实地勘察研修',
    subtitle: '带罗盘走进真实住宅，现场立向、分宫、断宅',
    cover: asset('field.png'),
    teacher: '陈景山',
    teacherTitle: '风水堪舆师 · 罗盘实操导师',
    intro: `<p>两天面授课程：第一天讲解罗盘使用与立向方法，第二天分组进入真实住宅实地勘察，由老师逐一点评。名额有限，报名后请按时到场。</p>`,
    priceFen: 0,
    originalPriceFen: 0,
    classes: [
      {
        slug: 'bj',
        title: '北京班',
        startDays: 12,
        days: 2,
        city: '北京',
        address: '北京市东城区东直门南大街 11 号 三层研修室',
        latitude: 39.9408,
        longitude: 116.4344,
        seats: 30,
        taken: 18
      },
      {
        slug: 'hz',
        title: '杭州班',
        startDays: 26,
        days: 2,
        city: '杭州',
        address: '浙江省杭州市西湖区南山路 149 号 二楼',
        latitude: 30.2468,
        longitude: 120.1651,
        seats: 20,
        taken: 20
      }
    ]
  },
  {
    slug: 'naming-workshop',
    category: 'naming',
    kind: 'offline',
    title: '姓名学工作坊',
    subtitle: '五格三才与字义音律，一天学会起名实务',
    cover: asset('naming.png'),
    teacher: '苏婉清',
    teacherTitle: '姓名学与择日讲师',
    intro: `<p>一天的小班工作坊：讲解五格剖象法的计算、三才配置、字义与音律的取舍，并现场为学员的案例起名点评。</p>`,
    priceFen: 0,
    originalPriceFen: 0,
    classes: [
      {
        slug: 'gz',
        title: '广州班',
        startDays: 18,
        days: 1,
        city: '广州',
        address: '广东省广州市越秀区北京路 238 号 五楼',
        latitude: 23.1257,
        longitude: 113.2695,
        seats: 15,
        taken: 9
      }
    ]
  }
]

const HOUR = 3_600_000
const DAY = 24 * HOUR
/** China time is UTC+8 all year. */
const CHINA_OFFSET = 8 * HOUR

/** `hour` o'clock China time, `days` from the day of `now`. */
function chinaTime(now: Date, days: number, hour: number): Date {
  const midnight = Math.floor((now.getTime() + CHINA_OFFSET) / DAY) * DAY - CHINA_OFFSET
  return new Date(midnight + days * DAY + hour * HOUR)
}

/** Rows seeded while the demo videos were public files point at addresses that are gone: they get the media key. */
async function moveOldDemoVideos(tx: Tx): Promise<void> {
  const names = COURSES.flatMap((c) => [
    ...(c.chapters ?? []).flatMap((ch) => ch.lessons.map((l) => l.video)),
    ...(c.sessions ?? []).flatMap((s) => [s.stream, s.replay])
  ])
  const old = [...new Set(names.filter((n): n is string => !!n))].map((n) => OLD_VIDEO_PREFIX + n)
  const moved = (col: AnyColumn) => sql`replace(${col}, ${OLD_VIDEO_PREFIX}, ${media('')})`
  await tx
    .update(courseLessons)
    .set({ videoUrl: moved(courseLessons.videoUrl) })
    .where(inArray(courseLessons.videoUrl, old))
  await tx
    .update(liveSessions)
    .set({ streamUrl: moved(liveSessions.streamUrl) })
    .where(inArray(liveSessions.streamUrl, old))
  await tx
    .update(liveSessions)
    .set({ replayUrl: moved(liveSessions.replayUrl) })
    .where(inArray(liveSessions.replayUrl, old))
}

/** Courses with their chapters, lessons, live sessions and offline classes, added by slug; plus a home section. */
export async function seedCourses(tx: Tx, now = new Date()): Promise<void> {
  await moveOldDemoVideos(tx)
  await tx.insert(courseCategories).values(CATEGORIES).onConflictDoNothing({ target: courseCategories.slug })
  const categories = await tx
    .select()
    .from(courseCategories)
    .where(
      inArray(
        courseCategories.slug,
        CATEGORIES.map((c) => c.slug)
      )
    )
  const categoryId = new Map(categories.map((c) => [c.slug, c.id]))
  await tx
    .insert(courses)
    .values(
      COURSES.map((c, i) => ({
        slug: c.slug,
        categoryId: categoryId.get(c.category)!,
        kind: c.kind,
        title: c.title,
        subtitle: c.subtitle,
        cover: c.cover,
        teacher: c.teacher,
        teacherTitle: c.teacherTitle,
        intro: sanitizeArticleHtml(c.intro),
        priceFen: c.priceFen,
        originalPriceFen: c.originalPriceFen,
        sort: i + 1
      }))
    )
    .onConflictDoNothing({ target: courses.slug })
  const saved = await tx
    .select()
    .from(courses)
    .where(
      inArray(
        courses.slug,
        COURSES.map((c) => c.slug)
      )
    )
  const courseId = new Map(saved.map((c) => [c.slug, c.id]))

  for (const c of COURSES) {
    const id = courseId.get(c.slug)!
    for (const [ci, chapter] of (c.chapters ?? []).entries()) {
      await tx
        .insert(courseChapters)
        .values({ courseId: id, slug: chapter.slug, title: chapter.title, sort: ci + 1 })
        .onConflictDoNothing()
      const [row] = await tx
        .select({ id: courseChapters.id })
        .from(courseChapters)
        .where(and(eq(courseChapters.courseId, id), eq(courseChapters.slug, chapter.slug)))
      await tx
        .insert(courseLessons)
        .values(
          chapter.lessons.map((l, li) => ({
            courseId: id,
            chapterId: row.id,
            slug: l.slug,
            title: l.title,
            durationSec: VIDEO_SEC,
            videoUrl: media(l.video),
            preview: !!l.preview,
            sort: ci * 100 + li + 1
          }))
        )
        .onConflictDoNothing()
    }
    if (c.sessions?.length) {
      await tx
        .insert(liveSessions)
        .values(
          c.sessions.map((s) => {
            const startsAt =
              s.day !== undefined ? chinaTime(now, s.day, 20) : new Date(now.getTime() + (s.startHours ?? 0) * HOUR)
            return {
              courseId: id,
              slug: s.slug,
              title: s.title,
              startsAt,
              endsAt: new Date(startsAt.getTime() + s.lengthHours * HOUR),
              streamUrl: s.stream ? media(s.stream) : '',
              replayUrl: s.replay ? media(s.replay) : ''
            }
          })
        )
        .onConflictDoNothing()
    }
    if (c.classes?.length) {
      await tx
        .insert(offlineClasses)
        .values(
          c.classes.map((k) => {
            const startsAt = chinaTime(now, k.startDays, 9)
            return {
              courseId: id,
              slug: k.slug,
              title: k.title,
              startsAt,
              endsAt: new Date(startsAt.getTime() + (k.days - 1) * DAY + 8 * HOUR),
              signupDeadline: new Date(startsAt.getTime() - 2 * DAY),
              city: k.city,
              address: k.address,
              latitude: k.latitude,
              longitude: k.longitude,
              seats: k.seats,
              seatsTaken: k.taken
            }
          })
        )
        .onConflictDoNothing()
    }
  }

  await tx
    .insert(homeSections)
    .values({ key: 'course', title: '精品课程', moreUrl: '/pages/course/list', sort: 5 })
    .onConflictDoNothing({ target: homeSections.key })
  await tx
    .insert(homeItems)
    .values(
      saved
        .filter((c) => c.kind === 'recorded')
        .map((c) => ({
          sectionKey: 'course',
          slug: `course-${c.slug}`,
          title: c.title,
          subtitle: c.subtitle,
          image: c.cover,
          url: `/pages/course/detail?course_id=${c.id}`,
          priceFen: c.priceFen,
          tag: c.priceFen === 0 ? '免费' : undefined,
          sort: c.sort
        }))
    )
    .onConflictDoNothing()
}
