import './certification.scss'

import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useEffect } from 'react'

import { getExamAttempt } from '@/api/exam'
import Page from '@/components/Page'
import { ErrorView, Loading } from '@/components/States'
import { useRemote } from '@/hooks/useRemote'
import { navigateTo, redirectTo, switchTab } from '@/navigation'

import { examUrl, minutesText, MISSING_ATTEMPT, scoreUrl } from './format'

/** The certification exam's pass (succ) or fail page; the verdict is the server's, against its pass mark. */
export default function CertificationResult({ expectPassed }: { expectPassed: boolean }) {
  const attemptId = Number(Taro.getCurrentInstance().router?.params.attempt_id) || 0
  const remote = useRemote(
    () => (attemptId ? getExamAttempt({ attempt_id: attemptId }) : Promise.reject(new Error(MISSING_ATTEMPT))),
    [attemptId]
  )
  const attempt = remote.data?.attempt
  const result = attempt?.result
  const otherPage =
    result && result.passed !== expectPassed
      ? `/pages/plusExam/${result.passed ? 'succ' : 'fail'}?attempt_id=${attemptId}`
      : ''
  // Opened with the wrong page for the verdict (an old link): show the right one.
  useEffect(() => {
    if (otherPage) redirectTo(otherPage)
  }, [otherPage])
  if (!attempt || !result || otherPage) {
    return (
      <Page>
        {remote.error ? (
          <ErrorView message={remote.error} onRetry={remote.reload} />
        ) : attempt && !result ? (
          <ErrorView message="这场考试还没有交卷" />
        ) : (
          <Loading />
        )}
      </Page>
    )
  }
  const passed = result.passed
  return (
    <Page>
      <View className="cert-result">
        <View className={`cert-result__badge cert-result__badge--${passed ? 'pass' : 'fail'}`}>
          <Text className="cert-result__mark">{passed ? '✓' : '✕'}</Text>
        </View>
        <Text className="cert-result__title">{passed ? '恭喜您通过认证考试' : '很遗憾，本次未通过'}</Text>
        <Text className="cert-result__score">
          {result.score} <Text className="cert-result__unit">分</Text>
        </Text>
        <Text className="cert-result__line">
          及格线 {attempt.paper.pass_score} 分 · 答对 {result.correct_count}/{result.total} · 用时{' '}
          {minutesText(result.used_sec)}
        </Text>
        <Text className="cert-result__tip">
          {passed
            ? '您已具备易学基础认证资格，可前往证书中心报名领取证书。'
            : '查看答卷解析查漏补缺，巩固后可随时再次参加考试。'}
        </Text>
        <View className="cert-result__actions">
          {passed ? (
            <View className="exam-btn" onClick={() => switchTab(3)}>
              前往证书中心
            </View>
          ) : (
            <View className="exam-btn" onClick={() => redirectTo(examUrl(attempt.paper.paper_id))}>
              重新考试
            </View>
          )}
          <View
            className="exam-btn exam-btn--plain cert-result__second"
            onClick={() => navigateTo(scoreUrl(attempt.attempt_id))}
          >
            查看答卷解析
          </View>
        </View>
      </View>
    </Page>
  )
}
