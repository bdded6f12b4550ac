export type { AlmanacDay, AlmanacHour, Direction, SolarTermMoment } from './day'
export { almanacDay } from './day'
export type { AlmanacMonth, AlmanacGridDay } from './month'
export { almanacMonth } from './month'
