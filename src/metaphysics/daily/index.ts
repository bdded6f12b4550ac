export { type AreaLuck, type DailyFortune, dailyFortune, luckyColor, luckySeat, romanticLuck } from './fortune'
