import { chinaClock, chinaNow } from '../../../contract/china-time'

/** China clock time 'YYYY-MM-DD HH:mm' (the server may run in any zone). */
export const beijingNow = (now = new Date()): string => chinaNow(now)

/** The current Gregorian year in China. */
export const beijingYear = (now = new Date()): number => chinaClock(now).year
