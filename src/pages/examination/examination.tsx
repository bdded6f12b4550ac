import './examination.scss'

import type { ExamAttempt } from '@contract'
import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { reaction } from 'mobx'
import { useEffect, useRef, useState } from 'react'

import { getExamAttempt, saveExamAnswer, startExam, submitExam } from '@/api/exam'
import { clock, resultUrl, toggleChoice } from '@/components/exam/format'
import QuestionCard from '@/components/exam/QuestionCard'
import Page from '@/components/Page'
import { ErrorView, Loading } from '@/components/States'
import { useRemote } from '@/hooks/useRemote'
import { redirectTo } from '@/navigation'
import { confirmDialog } from '@/platform/ui'
import { sessionStore } from '@/stores'

/** The timed exam: answers are saved on the server as they are chosen, so a reload resumes. */
export default function ExaminationPage() {
  const paperId = Number(Taro.getCurrentInstance().router?.params.paper_id) || 0
  const remote = useRemote(() => startExam({ paper_id: paperId }), [paperId])
  const attempt = remote.data?.attempt
  const [answers, setAnswers] = useState<Record<string, number[]>>({})
  const [current, setCurrent] = useState(0)
  const [left, setLeft] = useState(0)
  const [sheet, setSheet] = useState(false)
  const finished = useRef(false)
  // A visitor is asked to log in first; the paper opens as soon as they have.

  useEffect(
    () =>
      reaction(
        () => sessionStore.isLoggedIn,
        (loggedIn) => loggedIn && void remote.reload()
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs only when these values change
    [remote.reload]
  )

  const finish = (done: ExamAttempt) => {
    finished.current = true
    redirectTo(resultUrl(done.attempt_id, done.paper.kind === 'certification', !!done.result?.passed))
  }

  const submit = async () => {
    if (!attempt || finished.current) return
    try {
      finish((await submitExam({ attempt_id: attempt.attempt_id })).attempt)
    } catch {
      // The request layer has shown why.
    }
  }

  // The server's remaining time, counted down here; at zero the paper is handed in.
  useEffect(() => {
    if (!attempt) return
    setAnswers(attempt.answers)
    const endAt = Date.now() + attempt.remaining_sec * 1000
    const tick = () => {
      const sec = Math.max(0, Math.ceil((endAt - Date.now()) / 1000))
      setLeft(sec)
      if (sec === 0) {
        clearInterval(timer)
        submit()
      }
    }
    const timer = setInterval(tick, 1000)
    tick()
    return () => clearInterval(timer)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one timer per attempt, not one per render of submit
  }, [attempt])

  if (!attempt)
    return <Page>{remote.error ? <ErrorView message={remote.error} onRetry={remote.reload} /> : <Loading />}</Page>

  const questions = attempt.questions
  const question = questions[current]
  const chosen = answers[String(question.question_id)] ?? []
  const answered = questions.filter((q) => answers[String(q.question_id)]?.length).length

  const choose = async (option: number) => {
    if (finished.current) return
    const next = toggleChoice(chosen, option, question.type === 'multiple')
    setAnswers((prev) => ({ ...prev, [question.question_id]: next }))
    if (!next.length) return
    try {
      await saveExamAnswer({ attempt_id: attempt.attempt_id, question_id: question.question_id, answer: next })
    } catch {
      // Time ran out or the paper was handed in elsewhere: show the result the server kept.
      const now = (await getExamAttempt({ attempt_id: attempt.attempt_id }).catch(() => undefined))?.attempt
      if (now?.status === 'submitted') finish(now)
    }
  }

  const handIn = async () => {
    const missing = questions.length - answered
    const ok = await confirmDialog(
      '确认交卷',
      missing ? `还有 ${missing} 题未作答，交卷后不能修改，确定交卷吗？` : '交卷后不能修改，确定交卷吗？'
    )
    if (ok) await submit()
  }

  return (
    <Page title={attempt.paper.title}>
      <View className="exam-run">
        <View className="exam-run__bar">
          <Text className="exam-run__progress">
            已答 {answered}/{questions.length}
          </Text>
          <Text className={`exam-run__clock${left <= 60 ? ' exam-run__clock--low' : ''}`}>剩余 {clock(left)}</Text>
        </View>
        <QuestionCard
          question={question}
          index={current + 1}
          total={questions.length}
          chosen={chosen}
          onChoose={choose}
        />
        {question.type === 'multiple' && <Text className="exam-run__hint">多选题：选出全部正确选项才得分</Text>}
        <View className="exam-run__nav">
          <View
            className={`exam-btn exam-btn--plain exam-run__step${current === 0 ? ' exam-btn--off' : ''}`}
            onClick={() => current > 0 && setCurrent(current - 1)}
          >
            上一题
          </View>
          <View className="exam-run__sheet-btn" onClick={() => setSheet(!sheet)}>
            答题卡
          </View>
          {current < questions.length - 1 ? (
            <View className="exam-btn exam-run__step" onClick={() => setCurrent(current + 1)}>
              下一题
            </View>
          ) : (
            <View className="exam-btn exam-run__step exam-run__submit" onClick={handIn}>
              交卷
            </View>
          )}
        </View>
        {sheet && (
          <View className="exam-run__sheet">
            {questions.map((q, i) => (
              <Text
                key={q.question_id}
                className={
                  `exam-run__cell${answers[String(q.question_id)]?.length ? ' exam-run__cell--done' : ''}` +
                  `${i === current ? ' exam-run__cell--current' : ''}`
                }
                onClick={() => {
                  setCurrent(i)
                  setSheet(false)
                }}
              >
                {i + 1}
              </Text>
            ))}
            <View className="exam-btn exam-run__sheet-submit" onClick={handIn}>
              交卷
            </View>
          </View>
        )}
      </View>
    </Page>
  )
}
