import './exam.scss'

import type { ExamResultItem } from '@contract'
import { Text, View } from '@tarojs/components'

import { lettersOf } from './format'
import QuestionCard from './QuestionCard'

/** Every question of a submitted paper: my choice, the right answer and why. */
export default function ResultItems({ items, onlyWrong }: { items: ExamResultItem[]; onlyWrong?: boolean }) {
  return (
    <View>
      {items.map((item, i) =>
        onlyWrong && item.correct ? null : (
          <View key={item.question_id} className="result-item" data-question={item.question_id}>
            <QuestionCard
              question={item}
              index={i + 1}
              total={items.length}
              chosen={item.chosen}
              answer={item.answer}
            />
            <View className="exam-explain">
              <Text className={`exam-explain__verdict exam-explain__verdict--${item.correct ? 'right' : 'wrong'}`}>
                {item.correct ? '回答正确' : '回答错误'} · 正确答案 {lettersOf(item.answer)} · 我的答案{' '}
                {lettersOf(item.chosen)}
              </Text>
              <Text>{item.explanation}</Text>
            </View>
          </View>
        )
      )}
    </View>
  )
}
