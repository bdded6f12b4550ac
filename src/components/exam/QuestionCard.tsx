import './exam.scss'

import type { ExamQuestionView } from '@contract'
import { Text, View } from '@tarojs/components'

import { optionLetter, TOPIC_LABEL, TYPE_LABEL } from './format'

interface Props {
  question: ExamQuestionView
  /** 1-based position and count, shown before the stem. */
  index: number
  total: number
  chosen: number[]
  /** Right options, once they may be shown (after submission or a practice check). */
  answer?: number[]
  onChoose?: (option: number) => void
}

/** One single- or multiple-choice question; with `answer` it marks right and wrong options. */
export default function QuestionCard({ question, index, total, chosen, answer, onChoose }: Props) {
  const optionClass = (i: number) => {
    const base = 'question__option'
    if (answer) {
      if (answer.includes(i)) return `${base} ${base}--right`
      if (chosen.includes(i)) return `${base} ${base}--wrong`
      return base
    }
    return chosen.includes(i) ? `${base} ${base}--chosen` : base
  }
  return (
    <View className="question">
      <View className="question__head">
        <Text className={`question__type question__type--${question.type}`}>{TYPE_LABEL[question.type]}</Text>
        <Text className="question__topic">{TOPIC_LABEL[question.topic]}</Text>
        <Text className="question__count">
          {index}/{total}
        </Text>
      </View>
      <Text className="question__stem">{question.stem}</Text>
      {question.options.map((text, i) => (
        <View key={i} className={optionClass(i)} data-option={i} onClick={() => onChoose?.(i)}>
          <Text className="question__letter">{optionLetter(i)}</Text>
          <Text className="question__text">{text}</Text>
        </View>
      ))}
    </View>
  )
}
