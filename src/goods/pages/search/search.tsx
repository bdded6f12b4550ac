import './search.scss'

import type { ProductSort } from '@contract/shop'
import { Input, Text, View } from '@tarojs/components'
import Taro, { useReachBottom } from '@tarojs/taro'
import { useState } from 'react'

import { getHotSearch, getProducts } from '@/api/shop'
import Page from '@/components/Page'
import { GoodsGrid } from '@/components/shop/GoodsCard'
import SortBar from '@/components/shop/SortBar'
import { Empty, ErrorView, ListFooter, Loading } from '@/components/States'
import { clearSearchHistory, readSearchHistory, rememberSearch } from '@/goods/lib/search-history'
import { usePaged } from '@/hooks/usePaged'
import { useRemote } from '@/hooks/useRemote'

const KEYWORD_MAX = 32

/**
 * goods/pages/search/search: keyword search with the local history and the server's hot words.
 * Opened with ?category_id=&name= it lists one category (from the category page).
 */
export default function Search() {
  const params = Taro.getCurrentInstance().router?.params ?? {}
  const categoryId = Number(params.category_id) || 0
  const categoryName = params.name ? decodeURIComponent(params.name) : ''
  const [draft, setDraft] = useState('')
  const [keyword, setKeyword] = useState('')
  const [sort, setSort] = useState<ProductSort>('sales')
  const [history, setHistory] = useState(readSearchHistory)
  const hot = useRemote(() => getHotSearch(), [])
  const searching = keyword !== '' || categoryId > 0
  const results = usePaged(
    (page) =>
      searching
        ? getProducts({ page, keyword: keyword || undefined, category_id: categoryId || undefined, sort })
        : Promise.resolve({ list: [], total: 0, page: 1, per_page: 15, last_page: 1 }),
    [keyword, categoryId, sort]
  )
  useReachBottom(() => void results.more())

  const search = (word: string) => {
    const value = word.trim().slice(0, KEYWORD_MAX)
    if (!value) {
      Taro.showToast({ title: '请输入搜索关键词', icon: 'none' })
      return
    }
    setDraft(value)
    setKeyword(value)
    setHistory(rememberSearch(value))
  }
  const clear = () => {
    clearSearchHistory()
    setHistory([])
  }

  return (
    <Page title={categoryName || undefined}>
      <View className="search__bar">
        <Input
          className="search__input"
          value={draft}
          focus={!categoryId}
          maxlength={KEYWORD_MAX}
          confirmType="search"
          placeholder={categoryName ? `在「${categoryName}」中搜索` : '搜索商品名称'}
          onInput={(e) => {
            setDraft(e.detail.value)
            // Emptying the box goes back to the history and the hot words.
            if (!e.detail.value.trim() && !categoryId) setKeyword('')
          }}
          onConfirm={(e) => search(e.detail.value)}
        />
        <Text className="search__go" onClick={() => search(draft)}>
          搜索
        </Text>
      </View>
      {!searching ? (
        <View className="search__words">
          {history.length > 0 && (
            <View className="search__group">
              <View className="search__group-head">
                <Text className="search__group-title">搜索历史</Text>
                <Text className="search__clear" onClick={clear}>
                  清空
                </Text>
              </View>
              <View className="search__chips">
                {history.map((word) => (
                  <Text key={word} className="search__chip search__chip--history" onClick={() => search(word)}>
                    {word}
                  </Text>
                ))}
              </View>
            </View>
          )}
          {!!hot.data?.list.length && (
            <View className="search__group">
              <Text className="search__group-title">热门搜索</Text>
              <View className="search__chips">
                {hot.data.list.map((word, i) => (
                  <Text
                    key={word}
                    className={`search__chip search__chip--hot${i < 3 ? ' search__chip--top' : ''}`}
                    onClick={() => search(word)}
                  >
                    {word}
                  </Text>
                ))}
              </View>
            </View>
          )}
        </View>
      ) : (
        <View className="search__results">
          <SortBar value={sort} onChange={setSort} />
          {!results.ready || (results.loading && !results.items.length) ? (
            <Loading />
          ) : results.error && !results.items.length ? (
            <ErrorView message={results.error} onRetry={results.refresh} />
          ) : results.items.length === 0 ? (
            <Empty text={keyword ? `没有找到与「${keyword}」相关的商品` : '该分类暂无商品'} />
          ) : (
            <GoodsGrid items={results.items} />
          )}
          <ListFooter loading={results.loading} finished={results.finished} empty={!results.items.length} />
        </View>
      )}
    </Page>
  )
}
