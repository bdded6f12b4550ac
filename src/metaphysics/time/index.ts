export {
  type BirthTime,
  type BirthTimeCorrection,
  type BirthTimeInput,
  resolveBirthTime,
  solarClockTime
} from './birth-time'
export { CHINA_DST_PERIODS, chinaDstMinutes } from './china-dst'
export { cities, type City, type CityGroup, findCity, searchCities, zoneOfPlace } from './cities'
export {
  addMinutes,
  type DateTimeParts,
  formatDateTime,
  MAX_YEAR,
  MIN_YEAR,
  minutesBetween,
  parseSolarDateTime
} from './datetime'
export { type LunarDate, lunarToSolar, solarToLunar } from './lunar-date'
export {
  SOLAR_TERM_NAMES,
  type SolarTerm,
  type SolarTermName,
  solarTermsOfYear,
  termsAround,
  toWallMs,
  wallMsToParts
} from './solar-terms'
export {
  isTimeZone,
  MAINLAND_CHINA_ZONES,
  timeZoneSupported,
  type ZoneOffset,
  zoneOffsetAt,
  zoneText
} from './time-zone'
export { equationOfTimeMinutes, longitudeMinutes } from './true-solar-time'
