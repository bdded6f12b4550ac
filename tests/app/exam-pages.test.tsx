import Taro from '@tarojs/taro'

import type { ExamAttempt, ExamPaper } from '../../contract'
import * as api from '../../src/api/exam'
import { clearCredential, saveCredential } from '../../src/core/credential'
import ExaminationPage from '../../src/pages/examination/examination'
import ExamRankingPage from '../../src/pages/examination/ranking'
import ExamScorePage from '../../src/pages/examination/score'
import ExamSelectPage from '../../src/pages/examination/selected'
import PlusExamFailPage from '../../src/pages/plusExam/fail'
import PlusExamPage from '../../src/pages/plusExam/plusExam'
import PracticePage from '../../src/pages/question/question'
import { appStorage } from '../../src/platform/storage'
import { byText, tap } from './events'
import { renderPage, settle } from './render'

jest.mock('../../src/api/exam')
const mocked = jest.mocked(api)

const paper = (over: Partial<ExamPaper> = {}): ExamPaper => ({
  paper_id: 1,
  kind: 'exam',
  title: '八字基础测试',
  summary: '天干地支、四柱排法',
  cover: '/static/demo/exam/bazi.svg',
  topic: 'bazi',
  question_count: 2,
  duration_sec: 600,
  pass_score: 60,
  full_score: 100,
  best_score: null,
  ongoing_attempt_id: 0,
  ...over
})

const questions = [
  {
    question_id: 11,
    type: 'single' as const,
    topic: 'bazi' as const,
    stem: '天干共有几个？',
    options: ['八个', '十个', '十二个', '六十个']
  },
  {
    question_id: 12,
    type: 'multiple' as const,
    topic: 'bazi' as const,
    stem: '下列天干中属阳的有（多选）',
    options: ['甲', '丙', '乙', '庚']
  }
]

const attempt = (over: Partial<ExamAttempt> = {}): ExamAttempt => ({
  attempt_id: 7,
  paper: {
    paper_id: 1,
    kind: 'exam',
    title: '八字基础测试',
    pass_score: 60,
    full_score: 100,
    duration_sec: 600,
    question_count: 2
  },
  status: 'ongoing',
  questions,
  answers: {},
  started_at: '2026-01-01T00:00:00.000Z',
  deadline: '2026-01-01T00:10:00.000Z',
  remaining_sec: 540,
  result: null,
  ...over
})

const submitted = (score: number, passed: boolean, kind: 'exam' | 'certification' = 'exam') =>
  attempt({
    status: 'submitted',
    remaining_sec: 0,
    paper: {
      paper_id: 1,
      kind,
      title: kind === 'exam' ? '八字基础测试' : '易学基础认证考试',
      pass_score: kind === 'exam' ? 60 : 80,
      full_score: 100,
      duration_sec: 600,
      question_count: 2
    },
    result: {
      score,
      full_score: 100,
      correct_count: 1,
      total: 2,
      passed,
      used_sec: 125,
      submitted_at: '2026-01-01T00:02:05.000Z',
      items: [
        {
          ...questions[0],
          answer: [1],
          chosen: [1],
          correct: true,
          explanation: '天干为甲乙丙丁戊己庚辛壬癸，共十个。'
        },
        { ...questions[1], answer: [0, 1, 3], chosen: [0], correct: false, explanation: '甲丙戊庚壬为阳干。' }
      ]
    }
  })

beforeEach(() => {
  jest.resetAllMocks()
  jest.spyOn(Taro, 'navigateTo').mockResolvedValue(undefined as never)
  jest.spyOn(Taro, 'redirectTo').mockResolvedValue(undefined as never)
  jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false } as never)
})

describe('pages/examination/selected', () => {
  it('lists the papers with size, time and pass mark; starting and the ranking open their pages', async () => {
    mocked.getExamPapers.mockResolvedValue({
      list: [paper({ best_score: 90 }), paper({ paper_id: 2, title: '五行基础测试', ongoing_attempt_id: 5 })]
    })
    const { container } = await renderPage(ExamSelectPage, { route: 'pages/examination/selected', depth: 2 })
    expect(mocked.getExamPapers).toHaveBeenCalledWith({ kind: 'exam' })
    expect(container.textContent).toContain('2 题 · 10 分钟 · 满分 100 · 60 分及格 · 最好成绩 90 分')
    expect(byText(container, '.exam-select__start', '继续考试')).not.toBeNull()
    await tap(byText(container, '.exam-select__start', '开始考试'))
    expect(Taro.navigateTo).toHaveBeenLastCalledWith({ url: '/pages/examination/examination?paper_id=1' })
    await tap(container.querySelector('.exam-select__rank'))
    expect(Taro.navigateTo).toHaveBeenLastCalledWith({ url: '/pages/examination/ranking?paper_id=1' })
  })
})

describe('pages/examination/examination', () => {
  const open = () =>
    renderPage(ExaminationPage, { route: 'pages/examination/examination', params: { paper_id: '1' }, depth: 2 })

  it('resumes saved answers, saves each choice, and hands in to the score page', async () => {
    mocked.startExam.mockResolvedValue({ attempt: attempt({ answers: { '11': [1] } }) })
    mocked.saveExamAnswer.mockResolvedValue({ answered: 2, remaining_sec: 500 })
    mocked.submitExam.mockResolvedValue({ attempt: submitted(50, false) })
    const { container } = await open()
    expect(mocked.startExam).toHaveBeenCalledWith({ paper_id: 1 })
    expect(container.textContent).toContain('已答 1/2')
    expect(container.textContent).toContain('剩余 09:00')
    expect(container.querySelector('.question__option--chosen')?.getAttribute('data-option')).toBe('1')
    await tap(byText(container, '.exam-btn', '下一题'))
    expect(container.textContent).toContain('多选题')
    await tap(container.querySelector('[data-option="0"]'))
    await tap(container.querySelector('[data-option="3"]'))
    expect(mocked.saveExamAnswer).toHaveBeenLastCalledWith({ attempt_id: 7, question_id: 12, answer: [0, 3] })
    expect(container.querySelectorAll('.question__option--chosen')).toHaveLength(2)
    await tap(byText(container, '.exam-btn', '交卷'))
    expect(mocked.submitExam).toHaveBeenCalledWith({ attempt_id: 7 })
    expect(Taro.redirectTo).toHaveBeenLastCalledWith({ url: '/pages/examination/score?attempt_id=7' })
  })

  it('a true/false question is labelled 判断题 and takes one choice', async () => {
    const judge = {
      question_id: 13,
      type: 'judge' as const,
      topic: 'bazi' as const,
      stem: '地支共有十二个。',
      options: ['正确', '错误']
    }
    mocked.startExam.mockResolvedValue({ attempt: attempt({ questions: [judge] }) })
    mocked.saveExamAnswer.mockResolvedValue({ answered: 1, remaining_sec: 500 })
    const { container } = await open()
    expect(container.querySelector('.question__type')?.textContent).toBe('判断题')
    await tap(container.querySelector('[data-option="0"]'))
    await tap(container.querySelector('[data-option="1"]'))
    expect(mocked.saveExamAnswer).toHaveBeenLastCalledWith({ attempt_id: 7, question_id: 13, answer: [1] })
    expect(container.querySelectorAll('.question__option--chosen')).toHaveLength(1)
  })

  it('asks before handing in with unanswered questions; cancelling keeps the paper', async () => {
    mocked.startExam.mockResolvedValue({ attempt: attempt() })
    jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: false, cancel: true } as never)
    const { container } = await open()
    await tap(byText(container, '.exam-run__sheet-btn', '答题卡'))
    expect(container.querySelectorAll('.exam-run__cell')).toHaveLength(2)
    await tap(byText(container, '.exam-run__sheet-submit', '交卷'))
    expect(Taro.showModal).toHaveBeenCalledWith(
      expect.objectContaining({ content: '还有 2 题未作答，交卷后不能修改，确定交卷吗？' })
    )
    expect(mocked.submitExam).not.toHaveBeenCalled()
  })

  it('a certification paper goes to the pass or fail page', async () => {
    mocked.startExam.mockResolvedValue({ attempt: attempt({ paper: { ...attempt().paper, kind: 'certification' } }) })
    mocked.submitExam.mockResolvedValue({ attempt: submitted(90, true, 'certification') })
    const { container } = await open()
    await tap(byText(container, '.exam-run__sheet-btn', '答题卡'))
    await tap(byText(container, '.exam-run__sheet-submit', '交卷'))
    expect(Taro.redirectTo).toHaveBeenLastCalledWith({ url: '/pages/plusExam/succ?attempt_id=7' })
  })

  it('a visitor who logs in gets the paper without another tap', async () => {
    clearCredential(appStorage)
    mocked.startExam.mockRejectedValueOnce({ code: -9999, msg: '请先登录' }).mockResolvedValue({ attempt: attempt() })
    const { container } = await open()
    expect(container.querySelector('.question')).toBeNull()
    saveCredential(appStorage, { user_id: 7, token: 'token-7' })
    await settle()
    expect(mocked.startExam).toHaveBeenCalledTimes(2)
    expect(container.querySelector('.question__stem')?.textContent).toBe('天干共有几个？')
    clearCredential(appStorage)
  })

  it('shows why the exam could not start', async () => {
    mocked.startExam.mockRejectedValue({ code: 0, msg: '试卷不存在' })
    const { container } = await open()
    expect(container.textContent).toContain('试卷不存在')
  })
})

describe('pages/examination/score', () => {
  it('shows the score, the verdict and each question with the right answer explained', async () => {
    mocked.getExamAttempt.mockResolvedValue({ attempt: submitted(50, false) })
    const { container } = await renderPage(ExamScorePage, {
      route: 'pages/examination/score',
      params: { attempt_id: '7' },
      depth: 2
    })
    expect(mocked.getExamAttempt).toHaveBeenCalledWith({ attempt_id: 7 })
    expect(container.querySelector('.exam-score__number')?.textContent).toBe('50')
    expect(container.textContent).toContain('未达到 60 分及格线')
    expect(container.textContent).toContain('用时 2 分 5 秒')
    expect(container.textContent).toContain('回答错误 · 正确答案 ABD · 我的答案 A')
    expect(container.textContent).toContain('甲丙戊庚壬为阳干。')
    await tap(container.querySelector('.exam-score__toggle'))
    expect(container.querySelectorAll('.result-item')).toHaveLength(1)
    await tap(byText(container, '.exam-btn', '成绩排行'))
    expect(Taro.navigateTo).toHaveBeenLastCalledWith({ url: '/pages/examination/ranking?paper_id=1' })
  })
})

describe('pages/examination/ranking', () => {
  it('ranks the scores and shows my place', async () => {
    mocked.getExamRanking.mockResolvedValue({
      list: [
        { rank: 1, nickname: '玄机子', avatar: '', score: 100, used_sec: 300, is_me: false },
        { rank: 2, nickname: '我', avatar: '', score: 80, used_sec: 420, is_me: true }
      ],
      total: 2,
      page: 1,
      per_page: 50,
      last_page: 1,
      paper: { paper_id: 1, title: '八字基础测试', full_score: 100 },
      mine: { rank: 2, score: 80, used_sec: 420 }
    })
    const { container } = await renderPage(ExamRankingPage, {
      route: 'pages/examination/ranking',
      params: { paper_id: '1' },
      depth: 2
    })
    expect(mocked.getExamRanking).toHaveBeenCalledWith({ paper_id: 1, per_page: 50 })
    expect(container.textContent).toContain('我的排名 第 2 名 · 最好成绩 80 分 · 用时 7 分钟')
    expect(container.querySelectorAll('.exam-rank__row')).toHaveLength(2)
    expect(container.querySelector('.exam-rank__row--me')?.textContent).toContain('80 分')
  })
})

describe('pages/plusExam', () => {
  it('shows the pass mark from the server and starts the certification paper', async () => {
    mocked.getExamPapers.mockResolvedValue({
      list: [
        paper({
          paper_id: 6,
          kind: 'certification',
          title: '易学基础认证考试',
          question_count: 30,
          duration_sec: 1800,
          pass_score: 85,
          full_score: 150
        })
      ]
    })
    const { container } = await renderPage(PlusExamPage, { route: 'pages/plusExam/plusExam', depth: 2 })
    expect(mocked.getExamPapers).toHaveBeenCalledWith({ kind: 'certification' })
    expect(container.textContent).toContain('满分 150 分，85 分及格')
    await tap(byText(container, '.exam-btn', '开始考试'))
    expect(Taro.navigateTo).toHaveBeenLastCalledWith({ url: '/pages/examination/examination?paper_id=6' })
  })

  it('the fail page shows the score against the pass mark and offers a retake', async () => {
    mocked.getExamAttempt.mockResolvedValue({ attempt: submitted(50, false, 'certification') })
    const { container } = await renderPage(PlusExamFailPage, {
      route: 'pages/plusExam/fail',
      params: { attempt_id: '7' },
      depth: 2
    })
    expect(container.textContent).toContain('很遗憾，本次未通过')
    expect(container.textContent).toContain('及格线 80 分')
    await tap(byText(container, '.exam-btn', '重新考试'))
    expect(Taro.redirectTo).toHaveBeenLastCalledWith({ url: '/pages/examination/examination?paper_id=1' })
  })

  it('a passed attempt opened on the fail page goes to the pass page', async () => {
    mocked.getExamAttempt.mockResolvedValue({ attempt: submitted(90, true, 'certification') })
    await renderPage(PlusExamFailPage, { route: 'pages/plusExam/fail', params: { attempt_id: '7' }, depth: 2 })
    expect(Taro.redirectTo).toHaveBeenLastCalledWith({ url: '/pages/plusExam/succ?attempt_id=7' })
  })
})

describe('pages/question/question', () => {
  it('checks a single choice at once and explains; a multiple choice waits for confirmation', async () => {
    mocked.getPracticeQuestions.mockResolvedValue({ list: questions })
    mocked.checkPracticeAnswer
      .mockResolvedValueOnce({ correct: false, answer: [1], explanation: '天干共十个。' })
      .mockResolvedValueOnce({ correct: true, answer: [0, 1, 3], explanation: '甲丙庚为阳干。' })
    const { container } = await renderPage(PracticePage, { route: 'pages/question/question', depth: 2 })
    await tap(container.querySelector('[data-option="2"]'))
    expect(mocked.checkPracticeAnswer).toHaveBeenLastCalledWith({ question_id: 11, answer: [2] })
    expect(container.textContent).toContain('回答错误 · 正确答案 B')
    expect(container.querySelector('.question__option--wrong')?.getAttribute('data-option')).toBe('2')
    expect(container.querySelector('.question__option--right')?.getAttribute('data-option')).toBe('1')
    await tap(byText(container, '.exam-btn', '下一题'))
    for (const i of ['0', '1', '3']) await tap(container.querySelector(`[data-option="${i}"]`))
    expect(mocked.checkPracticeAnswer).toHaveBeenCalledTimes(1)
    await tap(byText(container, '.exam-btn', '确认答案'))
    expect(mocked.checkPracticeAnswer).toHaveBeenLastCalledWith({ question_id: 12, answer: [0, 1, 3] })
    await tap(byText(container, '.exam-btn', '查看本组成绩'))
    expect(container.textContent).toContain('答对 1/2')
    await tap(byText(container, '.practice__topic', '风水'))
    expect(mocked.getPracticeQuestions).toHaveBeenLastCalledWith({ topic: 'fengshui', count: 10 })
  })
})
