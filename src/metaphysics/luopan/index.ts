export type { BazhaiDirection, MingGua, YouNianStar } from './bazhai'
export { bazhaiDirections, houseGua, mingGua, YOU_NIAN_STARS } from './bazhai'
export type { FenJin, FenJinGrade } from './fenjin'
export { fenJinAt, fenJinOfMountain } from './fenjin'
export type { Mountain, YuanLong } from './mountains'
export {
  mountainAt,
  mountainByName,
  MOUNTAINS,
  mountainsOfTrigram,
  normaliseDegrees,
  oppositeMountain
} from './mountains'
export type { PlanCell, PlanInput, PlanRay, PlanSectors, Point } from './plan-geometry'
export { planSectors } from './plan-geometry'
export type { LuopanReading } from './reading'
export { luopanReading } from './reading'
