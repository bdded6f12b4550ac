import './favorite.scss'

import type { FavoriteItem } from '@contract/shop'
import { Image, Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'

import { deleteFavorite, getFavorites } from '@/api/shop'
import { confirmed, reportFailure, toast } from '@/components/feedback'
import Page from '@/components/Page'
import { goodsUrl } from '@/components/shop/GoodsCard'
import Price from '@/components/shop/Price'
import { Empty, PagedView } from '@/components/States'
import { noPage, useListPage } from '@/hooks/useListPage'
import { useUser } from '@/hooks/useUser'
import { navigateTo } from '@/navigation'

/** goods/pages/favorite/favorite: the goods the user keeps, newest first; off-shelf ones say so. */
function Favorites() {
  const loggedIn = useUser('登录后查看我的收藏')
  const favorites = useListPage(
    (page) => (loggedIn ? getFavorites({ page }) : Promise.resolve(noPage<FavoriteItem>())),
    [loggedIn]
  )
  const remove = async (item: FavoriteItem) => {
    if (!(await confirmed('取消收藏', `不再收藏「${item.name}」？`))) return
    try {
      await deleteFavorite({ goods_id: item.goods_id })
      favorites.update((f) => f.goods_id === item.goods_id, null)
      toast('已取消收藏')
    } catch (e) {
      reportFailure(e)
    }
  }
  return (
    <Page>
      {!loggedIn ? (
        <Empty text="登录后查看我的收藏" />
      ) : (
        <PagedView list={favorites} empty="还没有收藏的商品">
          {() => (
            <View className="favorites">
              {favorites.items.map((item) => (
                <View
                  key={item.goods_id}
                  className={`favorites__item${item.on_shelf ? '' : ' favorites__item--off'}`}
                  onClick={() => navigateTo(goodsUrl(item.goods_id))}
                >
                  <Image className="favorites__image" src={item.image} mode="aspectFill" />
                  <View className="favorites__body">
                    <Text className="favorites__name">{item.name}</Text>
                    <Text className="favorites__state">
                      {!item.on_shelf ? '已下架' : item.stock <= 0 ? '已售罄' : item.subtitle}
                    </Text>
                    <View className="favorites__foot">
                      <Price value={item.price_min} />
                      <Text
                        className="favorites__remove"
                        onClick={(e) => {
                          e.stopPropagation()
                          void remove(item)
                        }}
                      >
                        取消收藏
                      </Text>
                    </View>
                  </View>
                </View>
              ))}
            </View>
          )}
        </PagedView>
      )}
    </Page>
  )
}

export default observer(Favorites)
