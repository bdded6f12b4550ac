import { formatDate } from '../core/format'

/**
 * An unpaid activity sign-up or service booking holds its seat this long after it is made; the
 * server then releases it. Kept equal to the server's pay window.
 */
export const PAY_WINDOW_MS = 15 * 60 * 1000

/** When a reservation made at createdAt stops holding its seat. */
export const payDeadline = (createdAt: string | number | Date): Date => new Date(new Date(createdAt).getTime() + PAY_WINDOW_MS)

export const payExpired = (createdAt: string | number | Date, now = Date.now()): boolean => payDeadline(createdAt).getTime() <= now

export const payNotice = (deadline: Date): string => `请在 ${formatDate(deadline, 'hh:MM')} 前完成支付，逾期名额自动释放`

/** For a waiting reservation whose time is not at hand. */
export const PAY_NOTICE_GENERIC = `请在报名后 ${PAY_WINDOW_MS / 60000} 分钟内完成支付，逾期名额自动释放`
