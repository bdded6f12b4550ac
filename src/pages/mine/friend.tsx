import '../../components/Mine/account.scss'
import './friend.scss'

import type { FriendsWithEarningsResponse, FriendWithEarnings } from '@contract'
import { Image, Text, View } from '@tarojs/components'
import { useReachBottom } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useState } from 'react'

import { getFriendEarnings } from '@/api/wallet'
import Page from '@/components/Page'
import { PagedView } from '@/components/States'
import LoginRequired from '@/components/States/LoginRequired'
import { formatDate, formatFen } from '@/core/format'
import { usePaged } from '@/hooks/usePaged'
import { usePullRefresh } from '@/hooks/usePullRefresh'
import { useUser } from '@/hooks/useUser'
import { navigateTo } from '@/navigation'

const NO_PAGE: FriendsWithEarningsResponse = {
  list: [],
  total: 0,
  page: 1,
  per_page: 15,
  last_page: 1,
  total_earned_fen: 0
}

/** pages/mine/friend: the friends I referred, when each joined and what each earned me. */
function Friends() {
  const loggedIn = useUser('登录后查看我的好友')
  const [summary, setSummary] = useState({ total: 0, earned: 0 })
  const friends = usePaged<FriendWithEarnings>(
    async (page) => {
      const result = loggedIn ? await getFriendEarnings({ page }) : NO_PAGE
      if (page === 1) setSummary({ total: result.total, earned: result.total_earned_fen })
      return result
    },
    [loggedIn]
  )
  usePullRefresh(() => friends.refresh())
  useReachBottom(() => void friends.more())

  return (
    <Page share={{ title: '和我一起学易学，专业排盘与名师课程', desc: '通过我的邀请加入易学' }}>
      <View className="friend__head">
        <View className="friend__stat">
          <Text className="friend__number friend__count">{summary.total}</Text>
          <Text className="friend__label">推荐好友（人）</Text>
        </View>
        <View className="friend__stat">
          <Text className="friend__number friend__earned">{formatFen(summary.earned)}</Text>
          <Text className="friend__label">好友为我带来的佣金</Text>
        </View>
      </View>
      <View className="acct-btn friend__invite" onClick={() => navigateTo('/pages/invite/invite')}>
        生成邀请函，邀请好友
      </View>
      {!loggedIn ? (
        <LoginRequired message="登录后才能查看我的好友" />
      ) : (
        <PagedView list={friends} empty="还没有推荐好友，分享邀请函给好友吧">
          {() => (
            <View className="acct-card friend__list">
              {friends.items.map((f) => (
                <View key={f.user_id} className="acct-row friend__row">
                  {f.avatar ? (
                    <Image className="friend__avatar" src={f.avatar} mode="aspectFill" />
                  ) : (
                    <View className="friend__avatar friend__avatar--letter">{(f.nickname || '友').slice(0, 1)}</View>
                  )}
                  <View className="acct-row__main">
                    <Text className="acct-row__title friend__name">{f.nickname || `用户${f.user_id}`}</Text>
                    <Text className="acct-row__sub">{formatDate(f.joined_at)} 加入</Text>
                  </View>
                  <View className="acct-row__side">
                    <Text className="acct-amount acct-amount--in friend__row-earned">{formatFen(f.earned_fen)}</Text>
                    <Text className="acct-row__sub">为我赚取</Text>
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

export default observer(Friends)
