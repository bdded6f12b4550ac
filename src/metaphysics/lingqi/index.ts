export type { LingqiReading, LingqiThrow } from './lingqi'
export { lingqi, lingqiByNumber, lingqiReadings, throwLingqi } from './lingqi'
export type { LingqiGroup, LingqiPairRelation, LingqiTendency, LingqiXiang } from './liu-ji-rules'
