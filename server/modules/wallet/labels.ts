import type { PaymentBizType } from '../../db/schema'

/** How each business type reads in a commission's description. */
export const BIZ_TYPE_NAMES: Record<PaymentBizType, string> = {
  goods: '商品',
  course: '课程',
  activity: '活动',
  report: '报告',
  certificate: '证书',
  membership: '会员',
  service: '服务'
}

export const LEVEL_NAMES: Record<1 | 2, string> = { 1: '一级佣金', 2: '二级佣金' }

/** Commission rates are basis points: 10000 = 100%. */
export const BP_SCALE = 10_000
