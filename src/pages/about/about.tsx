import './about.scss'

import { Text, View } from '@tarojs/components'

import Page from '@/components/Page'
import { APP_VERSION, APP_VERSION_CODE } from '@/core/constants'
import { navigateTo } from '@/navigation'

/** pages/about/about: who we are, the app version (1.0.0, code 100) and the agreement. */
export default function About() {
  return (
    <Page>
      <View className="about__head">
        <View className="about__logo">易</View>
        <Text className="about__name">易学</Text>
        <Text className="about__version">
          版本 {APP_VERSION}（{APP_VERSION_CODE}）
        </Text>
      </View>
      <View className="about__card">
        <Text className="about__para">
          易学专注传统文化与易学研究的普及与传承，提供八字排盘、奇门遁甲、老黄历、六十四卦、九宫飞星、姓名分析等专业工具，
          以及录播、直播与线下课程、证书认证、协会交流和易学好物商城。
        </Text>
      </View>
      <View className="about__card">
        <View className="about__row" onClick={() => navigateTo('/pages/about/contract')}>
          <Text>用户协议</Text>
          <Text className="about__arrow">›</Text>
        </View>
      </View>
    </Page>
  )
}
