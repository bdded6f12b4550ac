import { PropsWithChildren } from 'react'
import Taro, { useDidShow, useLaunch } from '@tarojs/taro'
import { appShown, launchApp } from './platform/launch'
import { watchPageLoads } from './platform/page-load'
import { appStore } from './stores'
import './app.scss'

function App({ children }: PropsWithChildren) {
  useLaunch(() => {
    watchPageLoads()
    launchApp().finally(() => appStore.loadConfig())
  })
  // Each time the app is shown: keep a shared link's referrer and send a page-view event.
  useDidShow((options) => {
    const router = Taro.getCurrentInstance().router
    appShown(options?.path || router?.path || '', options?.query)
  })
  return children
}

export default App
