import type { ArticleStatus } from '@contract'
import { Text, View } from '@tarojs/components'
import { useDidShow } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useRef } from 'react'

import { getMyArticles } from '@/api/article'
import ArticleCard from '@/components/article/ArticleCard'
import Page from '@/components/Page'
import { Empty, ErrorView, ListFooter, Loading } from '@/components/States'
import LoginRequired from '@/components/States/LoginRequired'
import { useListPage } from '@/hooks/useListPage'
import { navigateTo } from '@/navigation'
import { sessionStore } from '@/stores'

const STATUS: Record<ArticleStatus, string> = { pending: '审核中', published: '已发布', rejected: '未通过' }

/** pages/article/article: the articles I published and where each stands in review. */
function MyArticles() {
  const loggedIn = sessionStore.isLoggedIn
  const list = useListPage(
    (page) => (loggedIn ? getMyArticles({ page, per_page: 10 }) : Promise.reject('请先登录')),
    [loggedIn]
  )
  const shown = useRef(false)
  // Back from publishing: the new article is at the top.
  useDidShow(() => {
    if (shown.current) void list.refresh()
    shown.current = true
  })

  if (!loggedIn) {
    return (
      <Page>
        <LoginRequired message="登录后查看我发布的文章" />
      </Page>
    )
  }
  return (
    <Page>
      <View style={{ padding: '12px 12px 0', display: 'flex', justifyContent: 'flex-end' }}>
        <Text style={{ color: '#F57C00', fontSize: '14px' }} onClick={() => navigateTo('/pages/article/publish')}>
          + 发布文章
        </Text>
      </View>
      <View style={{ paddingTop: '10px' }}>
        {!list.ready ? (
          <Loading />
        ) : list.error && !list.items.length ? (
          <ErrorView message={list.error} onRetry={list.refresh} />
        ) : !list.items.length ? (
          <Empty text="还没有发布过文章" />
        ) : (
          <>
            {list.items.map((article) => (
              <ArticleCard
                key={article.article_id}
                article={article}
                extra={
                  <Text className={`article-status article-status--${article.status}`}>
                    {STATUS[article.status]}
                    {article.reject_reason ? `：${article.reject_reason}` : ''}
                  </Text>
                }
              />
            ))}
            <ListFooter loading={list.loading} finished={list.finished} empty={false} />
          </>
        )}
      </View>
    </Page>
  )
}

export default observer(MyArticles)
