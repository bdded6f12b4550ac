import '../../components/States/index.scss'

import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'

import Page from '@/components/Page'
import FeatureUnavailable from '@/components/Page/FeatureUnavailable'
import { HomeButton } from '@/components/States'

/**
 * pages/notFound/notFound: where a mistyped or outdated address lands (`path=` names it), and a link to a feature
 * this client does not offer (`feature=`).
 */
export default function NotFound() {
  const params = Taro.getCurrentInstance().router?.params ?? {}
  const path = params.path ?? ''
  if (params.feature)
    return (
      <Page title="功能不可用">
        <FeatureUnavailable />
      </Page>
    )
  return (
    <Page>
      <View className="state state--not-found" role="alert">
        <Text className="state__title">页面不存在</Text>
        <Text className="state__text">您打开的链接有误或页面已下线{path ? `：${path}` : ''}</Text>
        <HomeButton />
      </View>
    </Page>
  )
}
