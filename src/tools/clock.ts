/** The device's wall clock as the engine reads dates ('YYYY-MM-DD HH:mm', Beijing time assumed). */
const pad = (n: number) => String(n).padStart(2, '0')

export function nowText(now = new Date()): string {
  return `${todayText(now)} ${pad(now.getHours())}:${pad(now.getMinutes())}`
}

export function todayText(now = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

/** '2024-06-03' -> '2024年6月3日' */
export function chineseDate(date: string): string {
  const [y, m, d] = date.slice(0, 10).split('-').map(Number)
  return `${y}年${m}月${d}日`
}
