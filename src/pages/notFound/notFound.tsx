import '../../components/States/index.scss'

import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'

import Page from '@/components/Page'
import { HomeButton } from '@/components/States'

/** pages/notFound/notFound: where a mistyped or outdated address lands (`path=` names it). */
export default function NotFound() {
  const path = Taro.getCurrentInstance().router?.params.path ?? ''
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
