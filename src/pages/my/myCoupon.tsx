import './myCoupon.scss'

import type { UserCoupon, UserCouponStatus } from '@contract/shop'
import { Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useState } from 'react'

import { getMyCoupons } from '@/api/shop'
import Page from '@/components/Page'
import CouponCard from '@/components/shop/CouponCard'
import { Empty, PagedView } from '@/components/States'
import { formatDate } from '@/core/format'
import { noPage, useListPage } from '@/hooks/useListPage'
import { useUser } from '@/hooks/useUser'
import { navigateTo, switchTab } from '@/navigation'

const TABS: { status: UserCouponStatus; label: string }[] = [
  { status: 'unused', label: '未使用' },
  { status: 'used', label: '已使用' },
  { status: 'expired', label: '已过期' }
]

/** pages/my/myCoupon: the user's coupons, unused / used / expired. */
function MyCoupon() {
  const [status, setStatus] = useState<UserCouponStatus>('unused')
  const loggedIn = useUser('登录后查看我的优惠券')
  const coupons = useListPage(
    (page) => (loggedIn ? getMyCoupons({ page, status }) : Promise.resolve(noPage<UserCoupon>())),
    [status, loggedIn]
  )
  const note = (coupon: UserCoupon) =>
    coupon.status === 'used'
      ? `已于 ${formatDate(coupon.used_at)} 使用`
      : coupon.status === 'expired'
        ? `已于 ${formatDate(coupon.expire_at)} 过期`
        : `${formatDate(coupon.expire_at)} 前有效`
  return (
    <Page>
      <View className="my-coupon__tabs">
        {TABS.map((tab) => (
          <Text
            key={tab.status}
            className={`my-coupon__tab${tab.status === status ? ' my-coupon__tab--on' : ''}`}
            onClick={() => setStatus(tab.status)}
          >
            {tab.label}
          </Text>
        ))}
      </View>
      {!loggedIn ? (
        <Empty text="登录后查看我的优惠券" />
      ) : (
        <PagedView list={coupons} empty={status === 'unused' ? '暂无可用优惠券' : '暂无优惠券'}>
          {() => (
            <View className="my-coupon__list">
              {coupons.items.map((coupon) => (
                <CouponCard
                  key={coupon.user_coupon_id}
                  rule={coupon}
                  note={note(coupon)}
                  dim={coupon.status !== 'unused'}
                >
                  {coupon.status === 'unused' ? (
                    <Text className="coupon-card__btn" onClick={() => switchTab(4)}>
                      去使用
                    </Text>
                  ) : (
                    <Text className="coupon-card__mark">{coupon.status === 'used' ? '已使用' : '已过期'}</Text>
                  )}
                </CouponCard>
              ))}
            </View>
          )}
        </PagedView>
      )}
      <View className="my-coupon__centre" onClick={() => navigateTo('/goods/pages/coupon/coupon')}>
        去领券中心领取更多 ›
      </View>
    </Page>
  )
}

export default observer(MyCoupon)
