import type { RegionNode } from '../../contract'
import tree from './regions.json'

/** Provinces, cities and districts of mainland China; see regions.md for the source. */
export const REGIONS: RegionNode[] = tree

export interface ResolvedRegion {
  province: string
  city: string
  district: string
}

const byCode = new Map(REGIONS.map((p) => [p.code, p]))

/**
 * Names of a province/city/district chain, or the field that does not fit. A city without
 * districts takes '' as its district.
 */
export function resolveRegion(
  provinceCode: string,
  cityCode: string,
  districtCode: string
): ResolvedRegion | { bad: 'province_code' | 'city_code' | 'district_code' } {
  const province = byCode.get(provinceCode)
  if (!province) return { bad: 'province_code' }
  const city = province.children?.find((c) => c.code === cityCode)
  if (!city) return { bad: 'city_code' }
  const districts = city.children ?? []
  if (!districts.length)
    return districtCode === '' ? { province: province.name, city: city.name, district: '' } : { bad: 'district_code' }
  const district = districts.find((d) => d.code === districtCode)
  if (!district) return { bad: 'district_code' }
  return { province: province.name, city: city.name, district: district.name }
}
