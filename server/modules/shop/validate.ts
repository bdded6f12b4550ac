import { z } from 'zod'

/**
 * A trimmed string checked rule by rule; the first rule it breaks gives the message the user sees
 * as it is (`收货人姓名至少 2 个字`). A missing value reads `姓名不能为空`.
 */
export function checkedText(rules: [(s: string) => boolean, string][]) {
  return z
    .string()
    .trim()
    .superRefine((s, ctx) => {
      const broken = rules.find(([ok]) => !ok(s))
      if (broken) ctx.addIssue({ code: 'custom', message: broken[1] })
    })
}

export const flag = z.preprocess(
  (v) => (v === 'true' || v === '1' || v === 1 ? true : v === 'false' || v === '0' || v === 0 ? false : v),
  z.boolean()
)

const chars = (s: string) => [...s].length

export const receiverName = checkedText([
  [(s) => chars(s) >= 2, '收货人姓名至少 2 个字'],
  [(s) => chars(s) <= 20, '收货人姓名不能超过 20 个字'],
  [(s) => /^[\p{Script=Han}A-Za-z·•. ]+$/u.test(s), '收货人姓名只能包含中文、英文字母和间隔号']
])

export const receiverMobile = checkedText([
  [(s) => s.length > 0, '请填写手机号码'],
  [(s) => /^1[3-9]\d{9}$/.test(s), '请填写正确的 11 位手机号码']
])

/** The app takes the address in a text area: a line break typed there becomes a space (slips print one line). */
export const addressDetail = z.preprocess(
  (v) => (typeof v === 'string' ? v.replace(/[\t\r\n\u2028\u2029]+/g, ' ') : v),
  checkedText([
    [(s) => chars(s) >= 5, '详细地址至少 5 个字'],
    [(s) => chars(s) <= 120, '详细地址不能超过 120 个字']
  ])
)

export const regionCode = checkedText([[(s) => /^\d{6}$/.test(s), '请选择所在地区']])
/** '' for the cities without districts. */
export const districtCode = z.preprocess((v) => v ?? '', checkedText([[(s) => /^(\d{6})?$/.test(s), '请选择所在地区']]))

export const refundReason = checkedText([
  [(s) => chars(s) >= 2, '请填写退款原因（至少 2 个字）'],
  [(s) => chars(s) <= 200, '退款原因不能超过 200 个字']
])

/** An after-sale's units in a query string, `12:1,13:2` (item 12 one unit, item 13 two). */
export const afterSaleLinesText = z
  .string()
  .trim()
  .max(400)
  .transform((s, ctx) => {
    const lines = s
      .split(',')
      .filter(Boolean)
      .map((part) => {
        const [itemId, quantity] = part.split(':').map(Number)
        return { itemId, quantity }
      })
    if (!lines.length || lines.some((l) => !Number.isInteger(l.itemId) || !Number.isInteger(l.quantity))) {
      ctx.addIssue({ code: 'custom', message: '请选择要退的商品' })
      return z.NEVER
    }
    return lines
  })
