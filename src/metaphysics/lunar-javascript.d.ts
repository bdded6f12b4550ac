/** Minimal typing of the parts of lunar-javascript (CommonJS, untyped) the engine uses. */
declare module 'lunar-javascript' {
  export interface SolarInstance {
    getYear(): number
    getMonth(): number
    getDay(): number
    getHour(): number
    getMinute(): number
    getSecond(): number
    getWeek(): number
    getJulianDay(): number
    toYmd(): string
    toYmdHms(): string
    getLunar(): LunarInstance
    next(days: number): SolarInstance
    nextHour(hours: number): SolarInstance
    nextMonth(months: number): SolarInstance
    nextYear(years: number): SolarInstance
    subtract(solar: SolarInstance): number
    subtractMinute(solar: SolarInstance): number
    isBefore(solar: SolarInstance): boolean
    isAfter(solar: SolarInstance): boolean
  }

  export interface JieQiInstance {
    getName(): string
    getSolar(): SolarInstance
    isJie(): boolean
    isQi(): boolean
  }

  export interface LunarInstance {
    getYear(): number
    /** negative for a leap month */
    getMonth(): number
    getDay(): number
    getHour(): number
    getMinute(): number
    getSolar(): SolarInstance
    getYearInGanZhiExact(): string
    getMonthInGanZhiExact(): string
    getDayInGanZhiExact(): string
    getDayInGanZhiExact2(): string
    getDayInGanZhi(): string
    getTimeInGanZhi(): string
    getYearInChinese(): string
    getMonthInChinese(): string
    getDayInChinese(): string
    getYearShengXiao(): string
    getJieQiTable(): Record<string, SolarInstance>
    getPrevJie(wholeDay?: boolean): JieQiInstance
    getNextJie(wholeDay?: boolean): JieQiInstance
    getPrevJieQi(wholeDay?: boolean): JieQiInstance
    getNextJieQi(wholeDay?: boolean): JieQiInstance
    toString(): string
  }

  export interface LunarMonthInstance {
    getYear(): number
    /** negative for a leap month */
    getMonth(): number
    getDayCount(): number
    getFirstJulianDay(): number
    isLeap(): boolean
  }

  export interface LunarYearInstance {
    getLeapMonth(): number
    getMonth(month: number): LunarMonthInstance | null
    /** the months around this lunar year, in order */
    getMonths(): LunarMonthInstance[]
  }

  export interface HolidayInstance {
    getDay(): string
    getName(): string
    /** a working day moved into the holiday (调休上班) */
    isWork(): boolean
    getTarget(): string
  }
  export const HolidayUtil: {
    getHoliday(year: number, month: number, day: number): HolidayInstance | null
  }
  export const Solar: {
    fromYmd(year: number, month: number, day: number): SolarInstance
    fromYmdHms(year: number, month: number, day: number, hour: number, minute: number, second: number): SolarInstance
    fromJulianDay(julianDay: number): SolarInstance
  }
  export const Lunar: {
    fromYmd(year: number, month: number, day: number): LunarInstance
    fromYmdHms(year: number, month: number, day: number, hour: number, minute: number, second: number): LunarInstance
  }
  export const LunarYear: {
    fromYear(year: number): LunarYearInstance
  }
  export const SolarUtil: {
    getDaysOfMonth(year: number, month: number): number
    isLeapYear(year: number): boolean
  }
}
