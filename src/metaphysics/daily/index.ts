export { dailyFortune, luckyColor, luckySeat, romanticLuck, type DailyFortune, type AreaLuck } from './fortune'
