import './CountsBar.scss'

import type { UserCounts } from '@contract'
import { MESSAGES } from '@contract/routes'
import { Text, View } from '@tarojs/components'
import { useSyncExternalStore } from 'react'

import { badgeText } from '@/core/format'
import { navigateTo } from '@/navigation'
import { unreadStore } from '@/stores/unread'

import { isLive } from './entries'

const ORDERS = 'goods/pages/order/order'

interface Cell {
  label: string
  /** One character drawn as the cell's icon. */
  icon?: string
  count: number
  /** Opened on tap when its page exists. */
  path: string
  /** A count that asks to be looked at (unread messages): red while not 0. */
  alert?: boolean
}

function cellsOf(counts: UserCounts | undefined, unread: number): { orders: Cell[]; assets: Cell[] } {
  const c = counts ?? {
    orders: { unpaid: 0, unshipped: 0, unreceived: 0, refunding: 0 },
    coupons: 0,
    favorites: 0,
    follows: 0
  }
  return {
    orders: [
      { label: '待付款', icon: '付', count: c.orders.unpaid, path: `${ORDERS}?status=to_pay` },
      { label: '待发货', icon: '发', count: c.orders.unshipped, path: `${ORDERS}?status=to_ship` },
      { label: '待收货', icon: '收', count: c.orders.unreceived, path: `${ORDERS}?status=to_receive` },
      { label: '退款/售后', icon: '退', count: c.orders.refunding, path: `${ORDERS}?status=after_sale` }
    ],
    assets: [
      { label: '消息中心', count: unread, path: MESSAGES, alert: true },
      { label: '优惠券', count: c.coupons, path: 'pages/my/myCoupon' },
      { label: '收藏', count: c.favorites, path: 'goods/pages/favorite/favorite' },
      { label: '关注', count: c.follows, path: 'pages/my/follow' }
    ]
  }
}

const open = (path: string) => {
  if (isLive(path.split('?')[0])) void navigateTo('/' + path)
}

/**
 * Order counts by status, the unread messages (消息中心) and the counts of coupons, favorites and follows (0 for what
 * is not sold yet).
 */
export default function CountsBar({ counts }: { counts: UserCounts | undefined }) {
  const { orders, assets } = cellsOf(counts, useSyncExternalStore(unreadStore.subscribe, unreadStore.get))
  return (
    <View className="counts">
      <View className="counts__row counts__row--assets">
        {assets.map((cell) => (
          <View key={cell.label} className="counts__cell" onClick={() => open(cell.path)}>
            <Text className={`counts__number${cell.alert && cell.count ? ' counts__number--alert' : ''}`}>
              {cell.count}
            </Text>
            <Text className="counts__label">{cell.label}</Text>
          </View>
        ))}
      </View>
      <View className="counts__card">
        <View className="counts__head" onClick={() => open(ORDERS)}>
          <Text className="counts__title">我的订单</Text>
          {isLive(ORDERS) && <Text className="counts__more">全部订单 ›</Text>}
        </View>
        <View className="counts__row">
          {orders.map((cell) => (
            <View key={cell.label} className="counts__cell" onClick={() => open(cell.path)}>
              <View className="counts__badge-wrap">
                <Text className="counts__icon">{cell.icon ?? cell.label.slice(0, 1)}</Text>
                {cell.count > 0 && <Text className="count-badge counts__badge">{badgeText(cell.count)}</Text>}
              </View>
              <Text className="counts__label">{cell.label}</Text>
            </View>
          ))}
        </View>
      </View>
    </View>
  )
}
