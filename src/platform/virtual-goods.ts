/**
 * Whether this client may sell virtual goods (courses, paid reports, memberships, certificate fees).
 * A browser may; the mini-program on iOS may not (virtual-goods.weapp.ts). Same exports.
 */

export const IOS_VIRTUAL_GOODS_NOTE = '根据微信平台规定，iOS 暂不支持购买虚拟商品'

/** True where buying virtual goods is allowed on this device. */
export function canBuyVirtualGoods(): boolean {
  return true
}
