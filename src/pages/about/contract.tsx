import './about.scss'

import { RichText, View } from '@tarojs/components'

import { getContract } from '@/api'
import Page from '@/components/Page'
import { ErrorView, Loading } from '@/components/States'
import { usePullRefresh } from '@/hooks/usePullRefresh'
import { useRemote } from '@/hooks/useRemote'

/** pages/about/contract: the user agreement text kept on the server (sanitized HTML). */
export default function Contract() {
  const contract = useRemote(() => getContract(), [])
  usePullRefresh(() => contract.reload())
  const { data, error, reload } = contract
  return (
    <Page title={data?.title}>
      {!data ? (
        error ? (
          <ErrorView message={error} onRetry={reload} />
        ) : (
          <Loading />
        )
      ) : (
        <View className="about__card about__text">
          <RichText nodes={data.content} />
        </View>
      )}
    </Page>
  )
}
