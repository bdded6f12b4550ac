import './app.scss'

import { findRoute, normalizePath, NOT_FOUND } from '@contract/routes'
import Taro, { useDidShow, useLaunch, usePageNotFound } from '@tarojs/taro'
import { PropsWithChildren } from 'react'

import { installChunkLoading } from './platform/chunk-loading'
import { appShown, launchApp, startFeatureGate } from './platform/launch'
import { startLocale } from './platform/locale'
import { watchPageLoads } from './platform/page-load'
import { installPrivacyGate } from './platform/privacy'

installChunkLoading()
startFeatureGate()
// Before the first page draws: it is drawn in the chosen or the device's language, never in Chinese first.
startLocale()

function App({ children }: PropsWithChildren) {
  useLaunch(() => {
    watchPageLoads()
    installPrivacyGate()
    // The runtime configuration is read by the pages that need it (the stores, and MobX with them, stay
    // off the first page's load).
    void launchApp()
  })
  // Each time the app is shown: keep a shared link's referrer and send a page-view event.
  useDidShow((options) => {
    const router = Taro.getCurrentInstance().router
    appShown(options?.path || router?.path || '', options?.query)
  })
  // An address that matches no page (a mistyped link, a page taken down): say so and offer the way home.
  // The app's root ('#/' typed over a page's address in a browser) is the home, as at launch.
  usePageNotFound((res) => {
    const url = findRoute(res.path)
      ? `/${normalizePath(res.path)}`
      : `/${NOT_FOUND}?path=${encodeURIComponent(res.path)}`
    void Taro.reLaunch({ url })
  })
  return children
}

export default App
