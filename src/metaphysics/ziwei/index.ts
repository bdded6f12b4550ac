export {
  type ZiweiChart,
  ziweiChart,
  type ZiweiInput,
  type ZiweiLuck,
  type ZiweiPalace,
  type ZiweiStar,
  ziweiTimeIndex
} from './chart'
