import './list.scss'

import { ScrollView, Text, View } from '@tarojs/components'
import Taro, { useReachBottom } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useState } from 'react'

import { getArticleCategories, getArticles } from '@/api/article'
import ArticleCard from '@/components/article/ArticleCard'
import Page from '@/components/Page'
import { Empty, ErrorView, ListFooter, Loading } from '@/components/States'
import { usePaged } from '@/hooks/usePaged'
import { usePullRefresh } from '@/hooks/usePullRefresh'
import { useRemote } from '@/hooks/useRemote'
import { navigateTo } from '@/navigation'
import { sessionStore } from '@/stores'

/** pages/article/list: articles by column, newest first, with pull-down refresh and paging. */
function ArticleList() {
  const initial = Number(Taro.getCurrentInstance().router?.params?.category_id) || 0
  const [category, setCategory] = useState(initial)
  const categories = useRemote(() => getArticleCategories(), [])
  const list = usePaged((page) => getArticles({ page, per_page: 10, category_id: category || undefined }), [category])
  usePullRefresh(() => Promise.all([list.refresh(), categories.reload()]))
  useReachBottom(() => void list.more())

  const publish = () => {
    if (!sessionStore.isLoggedIn) return sessionStore.requireLogin('登录后即可发布文章')
    navigateTo('/pages/article/publish')
  }

  const tabs = [{ category_id: 0, name: '全部' }, ...(categories.data?.list ?? [])]
  return (
    <Page share={{ title: '易学文章：命理、风水、周易与民俗' }}>
      <ScrollView className="article-tabs" scrollX enableFlex>
        {tabs.map((tab) => (
          <Text
            key={tab.category_id}
            className={`article-tabs__item${tab.category_id === category ? ' article-tabs__item--active' : ''}`}
            onClick={() => setCategory(tab.category_id)}
          >
            {tab.name}
          </Text>
        ))}
      </ScrollView>
      {!list.ready ? (
        <Loading />
      ) : list.error && !list.items.length ? (
        <ErrorView message={list.error} onRetry={list.refresh} />
      ) : !list.items.length ? (
        <Empty text="这个栏目还没有文章" />
      ) : (
        <View className="article-list">
          {list.items.map((article) => (
            <ArticleCard key={article.article_id} article={article} />
          ))}
          <ListFooter loading={list.loading} finished={list.finished} empty={false} />
        </View>
      )}
      <View className="article-fab" onClick={publish}>
        发布
      </View>
    </Page>
  )
}

export default observer(ArticleList)
