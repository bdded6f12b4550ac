import type { ExamQuestionType, ExamTopic } from '@contract'

export const TOPIC_LABEL: Record<ExamTopic, string> = { bazi: '八字', wuxing: '五行', bagua: '八卦', fengshui: '风水' }
export const TYPE_LABEL: Record<ExamQuestionType, string> = { single: '单选题', multiple: '多选题', judge: '判断题' }

export const optionLetter = (i: number) => String.fromCharCode(65 + i)

/** 125 -> '02:05' (a countdown). */
export function clock(sec: number): string {
  const s = Math.max(0, Math.floor(sec))
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`
}

/** 600 -> '10 分钟'; 75 -> '1 分 15 秒'. */
export function minutesText(sec: number): string {
  const m = Math.floor(sec / 60)
  const s = sec % 60
  if (!s) return `${m} 分钟`
  return m ? `${m} 分 ${s} 秒` : `${s} 秒`
}

export const lettersOf = (indexes: number[]) => (indexes.length ? indexes.map(optionLetter).join('') : '未作答')

/** Adds or removes an option (multiple choice) or replaces the choice (single choice). */
export function toggleChoice(chosen: number[], index: number, multiple: boolean): number[] {
  if (!multiple) return [index]
  return chosen.includes(index) ? chosen.filter((i) => i !== index) : [...chosen, index].sort((a, b) => a - b)
}

export const examUrl = (paperId: number) => `/pages/examination/examination?paper_id=${paperId}`
export const rankingUrl = (paperId: number) => `/pages/examination/ranking?paper_id=${paperId}`
export const scoreUrl = (attemptId: number) => `/pages/examination/score?attempt_id=${attemptId}`
/** Where a submitted attempt's result is shown: the certification exam has its own pass / fail pages. */
export const resultUrl = (attemptId: number, certification: boolean, passed: boolean) =>
  certification ? `/pages/plusExam/${passed ? 'succ' : 'fail'}?attempt_id=${attemptId}` : scoreUrl(attemptId)

/** A result page opened without its attempt (an incomplete link): said plainly, nothing asked of the server. */
export const MISSING_ATTEMPT = '考试记录不存在：缺少考试编号'
