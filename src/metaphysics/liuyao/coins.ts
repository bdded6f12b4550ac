import { MetaphysicsError } from '../errors'
import type { CastValue } from '../hexagram'

/**
 * One throw of three coins. By the 《火珠林》 convention a 背 (reverse) counts 3 and a 字 (face) 2:
 * one 背 = 7 少阳 (单), two 背 = 8 少阴 (拆), three 背 = 9 老阳 (重), no 背 = 6 老阴 (交).
 */
export interface CoinThrow {
  /** true = 背 */
  coins: [boolean, boolean, boolean]
  value: CastValue
}

export type RandomBytes = (count: number) => Uint8Array

function cryptoBytes(count: number): Uint8Array {
  const c = (globalThis as { crypto?: { getRandomValues?: (a: Uint8Array) => Uint8Array } }).crypto
  if (!c?.getRandomValues) throw new MetaphysicsError('当前环境没有安全随机数，请手动输入六次摇卦结果')
  return c.getRandomValues(new Uint8Array(count))
}

/** The value of one throw from its three coins (true = 背). */
export function coinValue(coins: readonly boolean[]): CastValue {
  if (!Array.isArray(coins) || coins.length !== 3) throw new MetaphysicsError('每次摇卦需要三枚铜钱的正反')
  const backs = coins.filter(Boolean).length
  return ([6, 7, 8, 9] as const)[backs]
}

/**
 * Six throws of three coins, bottom line first, from a cryptographic source
 * (globalThis.crypto.getRandomValues) unless another byte source is given.
 */
export function throwCoins(randomBytes: RandomBytes = cryptoBytes): CoinThrow[] {
  const bytes = randomBytes(18)
  if (!bytes || bytes.length < 18) throw new MetaphysicsError('随机数不足，无法起卦')
  return Array.from({ length: 6 }, (_, i) => {
    const coins = [0, 1, 2].map((k) => (bytes[i * 3 + k] & 1) === 1) as [boolean, boolean, boolean]
    return { coins, value: coinValue(coins) }
  })
}
