import Taro, { usePullDownRefresh } from '@tarojs/taro'
import Page from '../../components/Page'
import HomeView from '../../components/Home/HomeView'
import { useHome } from '../../components/Home/useHome'

/** pages/index/index: the home content as an ordinary page (preloads the pages/tools package). */
export default function Home() {
  const home = useHome()
  usePullDownRefresh(() => {
    home.reload().finally(() => Taro.stopPullDownRefresh())
  })
  return (
    <Page>
      <HomeView {...home} />
    </Page>
  )
}
