/** Business constants of the shop. Money in fen. */

/**
 * The rule before 运费模板, kept as the built-in template (shop/freight.ts) and equal to the default template migration
 * 0034 creates: freight of an order below FREE_FREIGHT_FROM. Orders are priced by their goods' templates.
 */
export const FREIGHT_FEN = 800
/** Goods amount (after coupons) from which the built-in rule ships free: 99 yuan. */
export const FREE_FREIGHT_FROM_FEN = 9900
/** An unpaid order is cancelled this long after it was placed. */
export const PAY_TIMEOUT_MS = 30 * 60 * 1000
/** How often the server looks for unpaid orders past their deadline. */
export const SWEEP_INTERVAL_MS = 60 * 1000
/** Lines a cart may hold, and addresses a user may keep. */
export const MAX_CART_LINES = 50
export const MAX_ADDRESSES = 20
/** The least an order can cost: a coupon never brings it to zero. */
export const MIN_PAY_FEN = 1
/** How often shipped orders are looked at for automatic receipt (the days are the owner's, server/modules/settings). */
export const AUTO_RECEIVE_SWEEP_MS = 60 * 60 * 1000
