import { MetaphysicsError } from '../errors'
import type { NameInput } from './analysis'
import { COMPOUND_SURNAMES } from './compound-surnames'
import { nameCharacter } from './strokes'

const COMPOUND_SET = new Set(COMPOUND_SURNAMES)

function isCompoundSurname(first: string, second: string): boolean {
  if (COMPOUND_SET.has(first + second)) return true
  // a name typed in traditional characters (歐陽, 諸葛) matches through the counted forms
  const counted = (c: string) => nameCharacter(c).traditional
  return COMPOUND_SURNAMES.some(([a, b]) => counted(a) === counted(first) && counted(b) === counted(second))
}

/** Splits a full name into surname and given name, recognising the 复姓 of 《百家姓》. */
export function splitFullName(fullName: string): NameInput {
  const chars = Array.from((fullName ?? '').trim())
  if (chars.length < 2) throw new MetaphysicsError('请填写完整姓名（至少两个字）')
  const compound = chars.length >= 3 && isCompoundSurname(chars[0], chars[1])
  const cut = compound ? 2 : 1
  return { surname: chars.slice(0, cut).join(''), givenName: chars.slice(cut).join('') }
}
