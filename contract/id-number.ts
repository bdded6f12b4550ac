// Resident ID numbers of mainland China, GB 11643-1999: 17 digits then a check character computed
// with ISO 7064 MOD 11-2 (weights 2^(17-i) mod 11, remainder r -> '10X98765432'[r]).

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
const CHECK = '10X98765432'

export function idCheckChar(first17: string): string {
  let sum = 0
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * WEIGHTS[i]
  return CHECK[sum % 11]
}

/** True for an 18-character ID number with a real birth date and the right check character. */
export function isValidIdNumber(value: string): boolean {
  const v = value.trim().toUpperCase()
  if (!/^[1-9]\d{16}[\dX]$/.test(v)) return false
  const y = Number(v.slice(6, 10))
  const m = Number(v.slice(10, 12))
  const d = Number(v.slice(12, 14))
  const birth = new Date(Date.UTC(y, m - 1, d))
  if (
    y < 1900 ||
    birth.getUTCFullYear() !== y ||
    birth.getUTCMonth() !== m - 1 ||
    birth.getUTCDate() !== d ||
    birth.getTime() > Date.now()
  )
    return false
  return idCheckChar(v) === v[17]
}

/** The message for a wrong ID number, or undefined when it is right. */
export function validateIdNumber(value: string): string | undefined {
  if (!value.trim()) return '请填写身份证号'
  if (!/^\d{17}[\dXx]$/.test(value.trim())) return '身份证号应为 18 位'
  return isValidIdNumber(value) ? undefined : '身份证号不正确，请核对'
}

/** 110105********002X: enough to recognise, not enough to misuse. */
export function maskIdNumber(value: string): string {
  return value.length === 18 ? `${value.slice(0, 6)}********${value.slice(14)}` : value
}
