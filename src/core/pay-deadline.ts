import { formatDate } from './format'

/**
 * An unpaid activity sign-up or service booking holds its seat until the server's pay_deadline; the
 * server then releases it. Until a list is read again, a passed deadline shows as expired.
 */
export const payExpired = (deadline: string | null, now = Date.now()): boolean =>
  deadline !== null && new Date(deadline).getTime() <= now

export const payNotice = (deadline: string): string =>
  `请在 ${formatDate(deadline, 'hh:MM')} 前完成支付，逾期名额自动释放`
