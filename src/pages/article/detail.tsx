import './detail.scss'

import { RichText, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useEffect, useState } from 'react'

import { getArticleDetail, likeArticle } from '@/api/article'
import Page from '@/components/Page'
import { ErrorView, Loading } from '@/components/States'
import { errorMessage } from '@/core/errors'
import { formatDate, formatWan } from '@/core/format'
import { usePullRefresh } from '@/hooks/usePullRefresh'
import { useRemote } from '@/hooks/useRemote'
import { sessionStore } from '@/stores'

/** pages/article/detail: the article (sanitized by the server), views in 万, likes. */
function ArticleDetail() {
  const articleId = Number(Taro.getCurrentInstance().router?.params?.article_id)
  const remote = useRemote(
    () => (articleId > 0 ? getArticleDetail({ article_id: articleId }) : Promise.reject('文章不存在')),
    [articleId, sessionStore.isLoggedIn]
  )
  const [like, setLike] = useState({ liked: false, likes: 0, busy: false })
  const detail = remote.data?.detail
  useEffect(() => {
    if (detail) setLike({ liked: detail.liked, likes: detail.likes, busy: false })
  }, [detail])
  usePullRefresh(() => remote.reload())

  const toggleLike = async () => {
    if (!sessionStore.isLoggedIn) return sessionStore.requireLogin('登录后即可点赞')
    if (like.busy || !detail) return
    setLike((l) => ({ ...l, busy: true }))
    try {
      const result = await likeArticle(detail.article_id)
      setLike({ ...result, busy: false })
    } catch (e) {
      setLike((l) => ({ ...l, busy: false }))
      Taro.showToast({ title: errorMessage(e), icon: 'none' })
    }
  }

  return (
    <Page title={detail?.title} share={detail && { title: detail.title, desc: detail.summary, imageUrl: detail.cover }}>
      {!detail ? (
        remote.error ? (
          <ErrorView message={remote.error} onRetry={remote.reload} />
        ) : (
          <Loading />
        )
      ) : (
        <View className="article">
          <Text className="article__title">{detail.title}</Text>
          <View className="article__meta">
            <Text>{detail.author}</Text>
            <Text>{formatDate(detail.created_at)}</Text>
            <Text>{formatWan(detail.views)}阅读</Text>
          </View>
          <View className="article__content">
            <RichText nodes={detail.content} />
          </View>
          <View className={`article__like${like.liked ? ' article__like--on' : ''}`} onClick={toggleLike}>
            {like.liked ? '已赞' : '点赞'} · {like.likes}
          </View>
        </View>
      )}
    </Page>
  )
}

export default observer(ArticleDetail)
