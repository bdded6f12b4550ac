import type { Tx } from '../db/database'
import { examPapers, examQuestions } from '../db/schema'
import { QUESTIONS } from './exam-questions'

const img = (name: string) => `/static/demo/exam/${name}.png`

/** Timed papers; the certification paper's pass mark is the one the pass / fail pages use. */
export const PAPERS = [
  {
    slug: 'bazi-basic',
    kind: 'exam' as const,
    title: '八字基础测试',
    summary: '天干地支、四柱排法、十神与合冲，检验八字入门功底。',
    topic: 'bazi' as const,
    questionCount: 10,
    durationSec: 600,
    passScore: 60
  },
  {
    slug: 'wuxing-basic',
    kind: 'exam' as const,
    title: '五行基础测试',
    summary: '生克制化、干支五行、方位与五色五脏。',
    topic: 'wuxing' as const,
    questionCount: 10,
    durationSec: 600,
    passScore: 60
  },
  {
    slug: 'bagua-basic',
    kind: 'exam' as const,
    title: '八卦入门测试',
    summary: '卦象、先后天方位、家庭象与卦的五行。',
    topic: 'bagua' as const,
    questionCount: 10,
    durationSec: 600,
    passScore: 60
  },
  {
    slug: 'fengshui-basic',
    kind: 'exam' as const,
    title: '风水常识测试',
    summary: '四象、二十四山、八宅与玄空九运的基本概念。',
    topic: 'fengshui' as const,
    questionCount: 10,
    durationSec: 600,
    passScore: 60
  },
  {
    slug: 'comprehensive',
    kind: 'exam' as const,
    title: '易学综合测试',
    summary: '八字、五行、八卦、风水四科随机组卷，全面自测。',
    topic: null,
    questionCount: 20,
    durationSec: 1200,
    passScore: 60
  },
  {
    slug: 'certification',
    kind: 'certification' as const,
    title: '易学基础认证考试',
    summary: '四科随机 30 题，限时 30 分钟，80 分及格，通过即获认证资格。',
    topic: null,
    questionCount: 30,
    durationSec: 1800,
    passScore: 80
  }
].map((p, i) => ({
  ...p,
  cover: img(p.topic ?? (p.kind === 'certification' ? 'certification' : 'comprehensive')),
  sort: i + 1
}))

export async function seedExams(tx: Tx): Promise<void> {
  await tx.insert(examQuestions).values(QUESTIONS).onConflictDoNothing({ target: examQuestions.slug })
  await tx.insert(examPapers).values(PAPERS).onConflictDoNothing({ target: examPapers.slug })
}
