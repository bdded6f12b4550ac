import './text.scss'

import { RichText, View } from '@tarojs/components'
import Taro from '@tarojs/taro'

import { getTextPage } from '@/api/wallet'
import Page from '@/components/Page'
import { ErrorView, Loading } from '@/components/States'
import { useRemote } from '@/hooks/useRemote'

/** pages/text/text?key=: a long text page kept on the server (rules, notices), as sanitized HTML. */
export default function TextPage() {
  const key = Taro.getCurrentInstance().router?.params.key ?? ''
  const page = useRemote(() => (key ? getTextPage({ key }) : Promise.reject(new Error('页面地址缺少 key 参数'))), [key])
  const { data, error, reload } = page
  return (
    <Page title={data?.title} share={{ title: data?.title || '易学' }}>
      {!data ? (
        error ? (
          <ErrorView message={error} onRetry={key ? reload : undefined} />
        ) : (
          <Loading />
        )
      ) : (
        <View className="text-page">
          <RichText className="text-page__body" nodes={data.content} />
        </View>
      )}
    </Page>
  )
}
