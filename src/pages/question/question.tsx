import './question.scss'

import type { ExamCheckResponse, ExamTopic } from '@contract'
import { Text, View } from '@tarojs/components'
import { useState } from 'react'

import { checkPracticeAnswer, getPracticeQuestions } from '@/api/exam'
import { lettersOf, toggleChoice, TOPIC_LABEL } from '@/components/exam/format'
import QuestionCard from '@/components/exam/QuestionCard'
import Page from '@/components/Page'
import { Empty, ErrorView, Loading } from '@/components/States'
import { useRemote } from '@/hooks/useRemote'
import { navigateTo } from '@/navigation'

const TOPICS: (ExamTopic | '')[] = ['', 'bazi', 'wuxing', 'bagua', 'fengshui']

/** The practice quiz: answer, see at once whether it is right and why; no score is kept. */
export default function PracticePage() {
  const [topic, setTopic] = useState<ExamTopic | ''>('')
  const [round, setRound] = useState(0)
  const remote = useRemote(() => getPracticeQuestions({ topic: topic || undefined, count: 10 }), [topic, round])
  const [current, setCurrent] = useState(0)
  const [chosen, setChosen] = useState<number[]>([])
  const [checked, setChecked] = useState<ExamCheckResponse>()
  const [right, setRight] = useState(0)

  const restart = (next: ExamTopic | '') => {
    setTopic(next)
    setRound(round + 1)
    setCurrent(0)
    setChosen([])
    setChecked(undefined)
    setRight(0)
  }

  const list = remote.data?.list
  const question = list?.[current]

  const check = async (answer: number[]) => {
    if (!question || !answer.length) return
    try {
      const verdict = await checkPracticeAnswer({ question_id: question.question_id, answer })
      setChecked(verdict)
      if (verdict.correct) setRight(right + 1)
    } catch {
      // The request layer has shown why.
    }
  }

  const choose = (option: number) => {
    if (!question || checked) return
    const next = toggleChoice(chosen, option, question.type === 'multiple')
    setChosen(next)
    if (question.type !== 'multiple') check(next)
  }

  const next = () => {
    setCurrent(current + 1)
    setChosen([])
    setChecked(undefined)
  }

  return (
    <Page share={{ title: '易学练习答题', desc: '八字、五行、八卦、风水，即答即解' }}>
      <View className="practice">
        <View className="practice__topics">
          {TOPICS.map((t) => (
            <Text
              key={t || 'all'}
              className={`practice__topic${t === topic ? ' practice__topic--on' : ''}`}
              onClick={() => restart(t)}
            >
              {t ? TOPIC_LABEL[t] : '全部'}
            </Text>
          ))}
        </View>
        {!list ? (
          remote.error ? (
            <ErrorView message={remote.error} onRetry={remote.reload} />
          ) : (
            <Loading />
          )
        ) : !list.length ? (
          <Empty text="该分类暂无练习题" />
        ) : !question ? (
          <View className="practice__done">
            <Text className="practice__done-score">
              答对 {right}/{list.length}
            </Text>
            <Text className="practice__done-tip">
              {right === list.length ? '全部答对，基础扎实！' : '错题的解析已看过，再练一组巩固一下吧'}
            </Text>
            <View className="exam-btn" onClick={() => restart(topic)}>
              再练一组
            </View>
            <View
              className="exam-btn exam-btn--plain practice__exam"
              onClick={() => navigateTo('/pages/examination/selected')}
            >
              参加限时测试
            </View>
          </View>
        ) : (
          <View>
            <QuestionCard
              question={question}
              index={current + 1}
              total={list.length}
              chosen={chosen}
              answer={checked?.answer}
              onChoose={choose}
            />
            {checked ? (
              <View>
                <View className="exam-explain">
                  <Text
                    className={`exam-explain__verdict exam-explain__verdict--${checked.correct ? 'right' : 'wrong'}`}
                  >
                    {checked.correct ? '回答正确' : `回答错误 · 正确答案 ${lettersOf(checked.answer)}`}
                  </Text>
                  <Text>{checked.explanation}</Text>
                </View>
                <View className="exam-btn practice__next" onClick={next}>
                  {current + 1 < list.length ? '下一题' : '查看本组成绩'}
                </View>
              </View>
            ) : (
              question.type === 'multiple' && (
                <View
                  className={`exam-btn practice__next${chosen.length ? '' : ' exam-btn--off'}`}
                  onClick={() => check(chosen)}
                >
                  确认答案
                </View>
              )
            )}
          </View>
        )}
      </View>
    </Page>
  )
}
