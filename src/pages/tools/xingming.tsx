import './parts/tools.scss'

import { Input, Text, View } from '@tarojs/components'
import { useState } from 'react'

import Page from '@/components/Page'
import { type NameAnalysis, nameAnalysis } from '@/metaphysics/name'

import { attempt } from './lib/errors'
import { pageParams } from './lib/params'
import NameChartFit from './parts/NameChartFit'
import WuGeCards from './parts/WuGeCards'

interface Result {
  analysis?: NameAnalysis
  error?: string
}

const analyse = (surname: string, givenName: string): Result => {
  const { value, error } = attempt(() => nameAnalysis({ surname, givenName }))
  return { analysis: value, error }
}

/** pages/tools/xingming: 五格 name analysis (?surname=张&given=伟 opens a result). */
export default function Xingming() {
  const [initial] = useState(pageParams)
  const [surname, setSurname] = useState(initial.surname ?? '')
  const [givenName, setGivenName] = useState(initial.given ?? '')
  const [result, setResult] = useState<Result>(() =>
    initial.surname && initial.given ? analyse(initial.surname, initial.given) : {}
  )
  const a = result.analysis
  const share = a
    ? {
        title: `${a.surname}${a.givenName}的姓名分析：人格${a.renGe.number}（${a.renGe.shuli.luck}）`,
        desc: `三才${a.sanCai.label}，${a.sanCai.luck}`
      }
    : { title: '姓名分析', desc: '康熙笔画五格剖象，三才配置与八十一数理' }
  return (
    <Page share={share}>
      <View className="tool-card xingming__form">
        <View className="xingming__field">
          <Text className="xingming__label">姓氏</Text>
          <Input
            className="tool-input xingming__input xingming__surname"
            placeholder="如：张、欧阳"
            value={surname}
            maxlength={2}
            onInput={(e) => setSurname(e.detail.value)}
          />
        </View>
        <View className="xingming__field">
          <Text className="xingming__label">名字</Text>
          <Input
            className="tool-input xingming__input xingming__given"
            placeholder="如：伟"
            value={givenName}
            maxlength={3}
            onInput={(e) => setGivenName(e.detail.value)}
            onConfirm={() => setResult(analyse(surname, givenName))}
          />
        </View>
        <Text className="tool-button xingming__submit" onClick={() => setResult(analyse(surname, givenName))}>
          开始分析
        </Text>
        <Text className="tool-muted">按康熙字典笔画计算五格，复姓（如欧阳、司马）自动识别。</Text>
      </View>
      {result.error && <View className="tool-error xingming__error">{result.error}</View>}
      {a && (
        <>
          <WuGeCards analysis={a} />
          <NameChartFit analysis={a} />
        </>
      )}
    </Page>
  )
}
