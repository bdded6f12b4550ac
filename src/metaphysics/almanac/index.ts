export type { AlmanacDay, AlmanacHour, Direction, SolarTermMoment } from './day'
export { almanacDay } from './day'
export type { AlmanacGridDay, AlmanacMonth } from './month'
export { almanacMonth } from './month'
