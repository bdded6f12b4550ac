export { type QimenChart, qimenChart, type QimenPalace } from './chart'
export type { QimenMethod, Yuan } from './dun-ju'
