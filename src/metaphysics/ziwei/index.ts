export { ziweiChart, ziweiTimeIndex, type ZiweiChart, type ZiweiInput, type ZiweiLuck, type ZiweiPalace, type ZiweiStar } from './chart'
