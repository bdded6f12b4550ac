import { MetaphysicsError } from '../errors'
import { CHINA_CITY_LONGITUDES, CHINA_REGION_ZONES, MAINLAND_ZONE } from './cities-china'
import { WORLD_CITY_LONGITUDES } from './cities-world'

export interface City {
  name: string
  /** province (China) or country */
  region: string
  /** degrees, east positive */
  longitude: number
  /** today's standard UTC offset in hours of the city's clock (the fallback where `timeZone` cannot be read) */
  utcOffset: number
  /** IANA time zone of the city (tz database zone.tab): the offset in force at a birth comes from it */
  timeZone: string
}

export interface CityGroup {
  region: string
  /** 'china' for provinces, municipalities and SARs of China, 'world' for other countries */
  area: 'china' | 'world'
  cities: City[]
}

const BEIJING_UTC_OFFSET = 8

/** Every city for the birth-place picker, China's provinces first. */
export const cities: readonly CityGroup[] = [
  ...CHINA_CITY_LONGITUDES.map(([region, list]) => ({
    region,
    area: 'china' as const,
    cities: list.map(([name, longitude]) => ({
      name,
      region,
      longitude,
      utcOffset: BEIJING_UTC_OFFSET,
      timeZone: CHINA_REGION_ZONES[region] ?? MAINLAND_ZONE
    }))
  })),
  ...WORLD_CITY_LONGITUDES.map(([region, list]) => ({
    region,
    area: 'world' as const,
    cities: list.map(([name, longitude, utcOffset, timeZone]) => ({ name, region, longitude, utcOffset, timeZone }))
  }))
]

const allCities: readonly City[] = cities.flatMap((g) => g.cities)

/** Cities whose name or region contains the text (e.g. '广州', '广东', '纽约'). */
export const searchCities = (text: string): City[] => {
  const q = text.trim()
  if (!q) return []
  return allCities.filter((c) => c.name.includes(q) || c.region.includes(q))
}

/** The city of that exact name (a region may be given to tell apart two of the same name). */
export const findCity = (name: string, region?: string): City => {
  const found = allCities.find((c) => c.name === name.trim() && (!region || c.region === region))
  if (!found) throw new MetaphysicsError(`未找到城市：${name}`)
  return found
}

/**
 * The zone of a place as a saved birth names it (records keep the city's name, not its zone), or
 * undefined when no city has that name or when the saved offset is not that city's standard offset
 * (the birth was entered with another clock: it keeps the fixed-offset reading).
 */
export const zoneOfPlace = (name: string | undefined, utcOffset?: number): string | undefined => {
  const q = name?.trim()
  if (!q) return undefined
  const found = allCities.find((c) => c.name === q)
  if (!found || (utcOffset !== undefined && utcOffset !== found.utcOffset)) return undefined
  return found.timeZone
}
