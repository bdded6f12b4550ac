import Taro from '@tarojs/taro'

/**
 * WeChat's rules for mini-programs: virtual goods (courses, paid content, memberships, fees for
 * services that are content) may not be paid for on iOS outside its virtual payment, so on iOS
 * their purchase buttons give way to a note. Physical goods (the shop) are not virtual goods.
 * Same exports as virtual-goods.ts.
 */

export const IOS_VIRTUAL_GOODS_NOTE = '根据微信平台规定，iOS 暂不支持购买虚拟商品'

let ios: boolean | undefined
export function canBuyVirtualGoods(): boolean {
  if (ios === undefined) {
    try {
      const info = Taro.getDeviceInfo() as { platform?: string }
      ios = String(info.platform ?? '').toLowerCase() === 'ios'
    } catch {
      ios = false
    }
  }
  return !ios
}
