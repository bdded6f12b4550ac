import './CountsBar.scss'

import type { UserCounts } from '@contract'
import { MESSAGES } from '@contract/routes'
import { Text, View } from '@tarojs/components'
import { useSyncExternalStore } from 'react'

import { badgeText } from '@/core/format'
import { t } from '@/core/i18n'
import { useLocale } from '@/hooks/useLocale'
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
      { label: t('mine.unpaid'), icon: t('mine.unpaidIcon'), count: c.orders.unpaid, path: `${ORDERS}?status=to_pay` },
      {
        label: t('mine.unshipped'),
        icon: t('mine.unshippedIcon'),
        count: c.orders.unshipped,
        path: `${ORDERS}?status=to_ship`
      },
      {
        label: t('mine.unreceived'),
        icon: t('mine.unreceivedIcon'),
        count: c.orders.unreceived,
        path: `${ORDERS}?status=to_receive`
      },
      {
        label: t('mine.afterSale'),
        icon: t('mine.afterSaleIcon'),
        count: c.orders.refunding,
        path: `${ORDERS}?status=after_sale`
      }
    ],
    assets: [
      { label: t('mine.messages'), count: unread, path: MESSAGES, alert: true },
      { label: t('mine.coupons'), count: c.coupons, path: 'pages/my/myCoupon' },
      { label: t('mine.favorites'), count: c.favorites, path: 'goods/pages/favorite/favorite' },
      { label: t('mine.follows'), count: c.follows, path: 'pages/my/follow' }
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
  useLocale()
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
          <Text className="counts__title">{t('mine.myOrders')}</Text>
          {isLive(ORDERS) && <Text className="counts__more">{t('mine.allOrders')}</Text>}
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
