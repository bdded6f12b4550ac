import './score.scss'

import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useState } from 'react'

import { getExamAttempt } from '@/api/exam'
import { examUrl, minutesText, MISSING_ATTEMPT, rankingUrl } from '@/components/exam/format'
import ResultItems from '@/components/exam/ResultItems'
import Page from '@/components/Page'
import { ErrorView, Loading } from '@/components/States'
import { useRemote } from '@/hooks/useRemote'
import { navigateTo, redirectTo } from '@/navigation'

/** A submitted paper's result: score, pass or not, and every question explained. */
export default function ExamScorePage() {
  const attemptId = Number(Taro.getCurrentInstance().router?.params.attempt_id) || 0
  const remote = useRemote(
    () => (attemptId ? getExamAttempt({ attempt_id: attemptId }) : Promise.reject(new Error(MISSING_ATTEMPT))),
    [attemptId]
  )
  const [onlyWrong, setOnlyWrong] = useState(false)
  const attempt = remote.data?.attempt
  if (!attempt)
    return <Page>{remote.error ? <ErrorView message={remote.error} onRetry={remote.reload} /> : <Loading />}</Page>
  const result = attempt.result
  if (!result) {
    return (
      <Page>
        <ErrorView
          message="这场考试还没有交卷"
          actionText="继续考试"
          onRetry={() => redirectTo(examUrl(attempt.paper.paper_id))}
        />
      </Page>
    )
  }
  return (
    <Page
      title={`${attempt.paper.title} · 成绩`}
      share={{ title: `我在「${attempt.paper.title}」中得了 ${result.score} 分`, desc: '来易学测一测你的功底' }}
    >
      <View className="exam-score">
        <View className={`exam-score__head${result.passed ? '' : ' exam-score__head--fail'}`}>
          <Text className="exam-score__number">{result.score}</Text>
          <Text className="exam-score__unit">/ {result.full_score} 分</Text>
          <Text className="exam-score__verdict">
            {result.passed ? '恭喜通过' : `未达到 ${attempt.paper.pass_score} 分及格线`}
          </Text>
          <View className="exam-score__stats">
            <Text>
              答对 {result.correct_count}/{result.total}
            </Text>
            <Text>用时 {minutesText(result.used_sec)}</Text>
          </View>
        </View>
        <View className="exam-score__actions">
          <View
            className="exam-btn exam-btn--plain exam-score__action"
            onClick={() => navigateTo(rankingUrl(attempt.paper.paper_id))}
          >
            成绩排行
          </View>
          <View className="exam-btn exam-score__action" onClick={() => redirectTo(examUrl(attempt.paper.paper_id))}>
            再考一次
          </View>
        </View>
        <View className="exam-score__filter">
          <Text className="exam-score__section">答案解析</Text>
          <Text className="exam-score__toggle" onClick={() => setOnlyWrong(!onlyWrong)}>
            {onlyWrong ? '查看全部' : '只看错题'}
          </Text>
        </View>
        <ResultItems items={result.items} onlyWrong={onlyWrong} />
      </View>
    </Page>
  )
}
