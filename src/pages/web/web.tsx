import './web.scss'

import { Text, View, WebView } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'

import Page from '@/components/Page'
import { ErrorView, Loading } from '@/components/States'
import { appStore } from '@/stores'

import { refusal } from './allowed'

/** pages/web/web?url=: an http(s) page from the server, only on the hosts the server allows. */
function Web() {
  const raw = Taro.getCurrentInstance().router?.params.url ?? ''
  // The router may hand the parameter over still encoded.
  const url = /^https?%3A/i.test(raw) ? decodeURIComponent(raw) : raw
  useEffect(() => {
    void appStore.loadConfig()
  }, [])
  const config = appStore.config
  if (!config) {
    return (
      <Page>
        {appStore.configError ? (
          <ErrorView message={appStore.configError} onRetry={appStore.loadConfig} />
        ) : (
          <Loading />
        )}
      </Page>
    )
  }
  const refused = refusal(url, config.web_view_hosts)
  if (refused) {
    return (
      <Page>
        <View className="web__refused">
          <ErrorView message={refused} />
          {url && (
            <Text className="web__url" selectable>
              {url}
            </Text>
          )}
        </View>
      </Page>
    )
  }
  return (
    <Page>
      <WebView src={url} />
    </Page>
  )
}

export default observer(Web)
