import type { Tx } from '../db/database'
import { activities, homeItems, homeSections } from '../db/schema'
import { sanitizeArticleHtml } from '../modules/article/sanitize'

// Demo activities written for this app. Times are relative to the first seeding (China time), so the
// list has open, full, closed and past activities.

const asset = (name: string) => `/static/demo/activity/${name}`
const HOUR = 3_600_000
const DAY = 24 * HOUR
const CHINA_OFFSET = 8 * HOUR

/** `days` after today's midnight in China, at `hour` o'clock. */
function chinaTime(now: Date, days: number, hour: number): Date {
  const midnight = Math.floor((now.getTime() + CHINA_OFFSET) / DAY) * DAY - CHINA_OFFSET
  return new Date(midnight + days * DAY + hour * HOUR)
}

interface ActivitySeed {
  slug: string
  title: string
  summary: string
  cover: string
  organizer: string
  city: string
  address: string
  startDay: number
  startHour: number
  hours: number
  /** Days before the start that sign-up closes. */
  closesBefore: number
  capacity: number
  feeFen: number
  content: string
}

export const ACTIVITIES: ActivitySeed[] = [
  {
    slug: 'tea-salon-spring',
    title: '易学茶话会 · 以茶论易',
    summary: '一壶清茶，一卦一象，与同好围坐共读《周易》',
    cover: asset('salon.png'),
    organizer: '中华易学文化研究会',
    city: '杭州',
    address: '浙江省杭州市西湖区龙井路 1 号 龙井茶室',
    startDay: 9,
    startHour: 14,
    hours: 3,
    closesBefore: 1,
    capacity: 24,
    feeFen: 0,
    content: `<p>茶与易同源于对自然的体察。本次茶话会以“乾坤二卦”为题，由研究会周明远老师带领大家读卦辞、观卦象，品龙井新茶。</p>
<h2>活动安排</h2><ul><li>14:00 签到、入座、奉茶</li><li>14:30 乾坤二卦导读</li><li>15:30 自由交流与答疑</li><li>16:30 合影、散场</li></ul>
<p>名额有限，报名成功后请准时到场，茶点由主办方提供。</p>`
  },
  {
    slug: 'village-fieldtrip',
    title: '古村落风水实地考察',
    summary: '走进徽州古村，现场讲解来龙去脉、水口与村落布局',
    cover: asset('fieldtrip.png'),
    organizer: '中华易学文化研究会 风水专委会',
    city: '黄山',
    address: '安徽省黄山市黟县宏村镇 宏村游客中心集合',
    startDay: 20,
    startHour: 8,
    hours: 10,
    closesBefore: 5,
    capacity: 30,
    feeFen: 39900,
    content: `<p>宏村被誉为“画里乡村”，其牛形村落与月沼、南湖水系是古人因地制宜营建聚落的典范。</p>
<h2>考察内容</h2><ul><li>村落选址与“枕山、环水、面屏”的格局</li><li>水圳、月沼与南湖的理水之法</li><li>祠堂、民居的朝向与天井设计</li></ul>
<h2>费用说明</h2><p>费用含全天讲解、景区门票与午餐，不含往返交通。报名截止后不再受理，因天气取消将全额退款。</p>`
  },
  {
    slug: 'solar-terms-lecture',
    title: '公益讲座：二十四节气与养生',
    summary: '从节气物候看顺时养生，适合家庭参加',
    cover: asset('lecture.png'),
    organizer: '研究会公益讲师团',
    city: '北京',
    address: '北京市东城区东直门南大街 11 号 一层报告厅',
    startDay: 5,
    startHour: 19,
    hours: 2,
    closesBefore: 0,
    capacity: 5,
    feeFen: 0,
    content: `<p>二十四节气是古人观察太阳周年运动形成的时间体系。讲座将结合节气物候，谈谈起居、饮食如何顺应四时。</p>
<p>名额有限，报满即止；后续场次请关注活动列表。</p>`
  },
  {
    slug: 'classic-reading',
    title: '经典共读：《系辞上传》',
    summary: '每周一章，逐句精读，线下小班',
    cover: asset('reading.png'),
    organizer: '研究会读书会',
    city: '上海',
    address: '上海市黄浦区福州路 424 号 三楼阅读室',
    startDay: 3,
    startHour: 19,
    hours: 2,
    closesBefore: 1,
    capacity: 16,
    feeFen: 0,
    content: `<p>“一阴一阳之谓道”，《系辞》是理解《周易》义理的钥匙。读书会采用领读、讨论、札记三段式，欢迎有一定基础的同好。</p>`
  },
  {
    slug: 'stargazing-night',
    title: '观星夜话：中国古代星官',
    summary: '认识三垣二十八宿，用望远镜看北斗与紫微垣',
    cover: asset('stars.png'),
    organizer: '研究会天文历法组',
    city: '北京',
    address: '北京市密云区不老屯镇 观星营地',
    startDay: 14,
    startHour: 19,
    hours: 4,
    closesBefore: 2,
    capacity: 20,
    feeFen: 12800,
    content: `<p>古人仰观天文，划分三垣二十八宿。本次夜话先讲星官体系与历法渊源，再到户外观测北斗七星与紫微垣。</p>
<h2>费用说明</h2><p>含往返大巴、望远镜使用与夜宵。请自备保暖衣物，阴雨天改期。</p>`
  },
  {
    slug: 'annual-forum-last',
    title: '年度易学文化论坛',
    summary: '名家对谈，回顾一年来的研究与传播',
    cover: asset('forum.png'),
    organizer: '中华易学文化研究会',
    city: '广州',
    address: '广东省广州市越秀区北京路 238 号 国际会议中心',
    startDay: -30,
    startHour: 9,
    hours: 8,
    closesBefore: 3,
    capacity: 200,
    feeFen: 0,
    content: `<p>论坛已圆满结束。本届论坛围绕“易学与当代生活”展开，十余位学者分享了象数、义理与民俗研究的新进展。</p>`
  }
]

/** Activities by slug, and a home section pointing at them and at the certificate and association pages. */
export async function seedActivities(tx: Tx, now = new Date()): Promise<void> {
  await tx
    .insert(activities)
    .values(
      ACTIVITIES.map((a) => {
        const startsAt = chinaTime(now, a.startDay, a.startHour)
        return {
          slug: a.slug,
          title: a.title,
          summary: a.summary,
          cover: a.cover,
          content: sanitizeArticleHtml(a.content),
          organizer: a.organizer,
          city: a.city,
          address: a.address,
          startsAt,
          endsAt: new Date(startsAt.getTime() + a.hours * HOUR),
          signupDeadline: new Date(startsAt.getTime() - a.closesBefore * DAY),
          capacity: a.capacity,
          feeFen: a.feeFen
        }
      })
    )
    .onConflictDoNothing({ target: activities.slug })
  await tx
    .insert(homeSections)
    .values({ key: 'community', title: '活动 · 证书 · 协会', moreUrl: '/pages/activity/activity', sort: 5 })
    .onConflictDoNothing({ target: homeSections.key })
  await tx
    .insert(homeItems)
    .values([
      {
        sectionKey: 'community',
        slug: 'activities',
        title: '近期活动',
        subtitle: '茶话会、实地考察、公益讲座',
        image: asset('salon.png'),
        url: '/pages/activity/activity',
        sort: 1
      },
      {
        sectionKey: 'community',
        slug: 'certificates',
        title: '职业证书',
        subtitle: '风水规划师、命理分析师报名',
        image: '/static/demo/certificate/fengshui.png',
        url: '/pages/certificate/certificate',
        sort: 2
      },
      {
        sectionKey: 'community',
        slug: 'association',
        title: '加入协会',
        subtitle: '中华易学文化研究会会员招募',
        image: '/static/demo/association/cover.png',
        url: '/association/pages/detail/detail',
        sort: 3
      }
    ])
    .onConflictDoNothing()
}
