export type { LingqiThrow, LingqiReading } from './lingqi'
export { lingqi, lingqiByNumber, lingqiReadings, throwLingqi } from './lingqi'
export type { LingqiGroup, LingqiXiang, LingqiTendency, LingqiPairRelation } from './liu-ji-rules'
