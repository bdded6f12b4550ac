/** The limits the server holds a refund reason to (contract: OrderRefundRequest). */
const MIN = 2
const MAX = 200

/** The message for a refund reason, or undefined when it can be sent. */
export function validateRefundReason(reason: string): string | undefined {
  const size = Array.from(reason.trim()).length
  if (size === 0) return '请选择或填写退款原因'
  if (size < MIN || size > MAX) return `退款原因应为 ${MIN}-${MAX} 个字`
  return undefined
}
