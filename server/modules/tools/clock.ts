const pad = (n: number) => String(n).padStart(2, '0')

/** Beijing clock time 'YYYY-MM-DD HH:mm' (the server may run in any zone). */
export function beijingNow(now = new Date()): string {
  const d = new Date(now.getTime() + 8 * 3600_000)
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`
}

/** The current Gregorian year in Beijing. */
export const beijingYear = (now = new Date()): number => Number(beijingNow(now).slice(0, 4))
