/** Yuan as typed ('12.5') to fen, or NaN when it is not an amount with at most two decimals. */
export function toFen(yuan: string): number {
  const t = yuan.trim()
  return /^\d+(\.\d{1,2})?$/.test(t) ? Math.round(Number(t) * 100) : NaN
}

/** The message for an after-sale form, or undefined when it can be sent (the server holds the same limits). */
export function afterSaleError(f: {
  lines: number
  reason: string
  description: string
  amount: string
  max: number
}): string | undefined {
  if (!f.lines) return '请选择要退的商品'
  const fen = toFen(f.amount)
  if (!(fen >= 1 && fen <= f.max)) return `退款金额须在 ¥0.01 到 ¥${(f.max / 100).toFixed(2)} 之间`
  if (!f.reason) return '请选择退款原因'
  const size = Array.from(f.description.trim()).length
  if (f.reason === '其他' && size < 2) return '请写明问题（至少 2 个字）'
  if (size > 200) return '问题描述不能超过 200 个字'
  return undefined
}
