import './coupon.scss'

import { Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'

import { getCoupons } from '@/api/shop'
import Page from '@/components/Page'
import CouponCard from '@/components/shop/CouponCard'
import { PagedView } from '@/components/States'
import { claim, claimText, validityText } from '@/goods/parts/coupon-claim'
import { useListPage } from '@/hooks/useListPage'
import { navigateTo } from '@/navigation'
import { sessionStore } from '@/stores'

/** goods/pages/coupon/coupon: the coupons that can be claimed now. */
function CouponCentre() {
  // Loaded again after a login: what the user already holds changes the buttons.
  const coupons = useListPage((page) => getCoupons({ page }), [sessionStore.isLoggedIn])
  return (
    <Page>
      <View className="coupons__head">
        <Text className="coupons__title">领券中心</Text>
        <Text className="coupons__mine" onClick={() => navigateTo('/pages/my/myCoupon')}>
          我的优惠券 ›
        </Text>
      </View>
      <PagedView list={coupons} empty="暂无可领取的优惠券">
        {() => (
          <View className="coupons__list">
            {coupons.items.map((coupon) => (
              <CouponCard
                key={coupon.coupon_id}
                rule={coupon}
                note={validityText(coupon)}
                dim={!coupon.can_receive && coupon.received === 0}
                onClick={() => navigateTo(`/goods/pages/coupon/detail?coupon_id=${coupon.coupon_id}`)}
              >
                <Text
                  className={
                    `coupon-card__btn coupons__claim` +
                    `${coupon.can_receive || !sessionStore.isLoggedIn ? '' : ' coupon-card__btn--off'}`
                  }
                  data-coupon-id={coupon.coupon_id}
                  onClick={async (e) => {
                    e.stopPropagation()
                    if (!coupon.can_receive && sessionStore.isLoggedIn) return
                    const next = await claim(coupon)
                    if (next) coupons.update((c) => c.coupon_id === coupon.coupon_id, next)
                  }}
                >
                  {sessionStore.isLoggedIn ? claimText(coupon) : '立即领取'}
                </Text>
                <Text className="coupons__left">剩余 {coupon.remaining}</Text>
              </CouponCard>
            ))}
          </View>
        )}
      </PagedView>
    </Page>
  )
}

export default observer(CouponCentre)
