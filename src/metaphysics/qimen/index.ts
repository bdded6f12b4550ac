export { qimenChart, type QimenChart, type QimenPalace } from './chart'
export type { QimenMethod, Yuan } from './dun-ju'
