import { z } from 'zod'
import { AppError } from './envelope'

/** Turns the first zod issue into `参数错误: <field> <problem>` so the user knows which field to fix. */
function describeIssue(issue: z.core.$ZodIssue, given: unknown): string {
  switch (issue.code) {
    case 'invalid_type':
      return given === undefined || given === null || given === '' ? '不能为空' : '类型不正确'
    case 'too_big':
      return issue.origin === 'string' ? `长度不能超过 ${issue.maximum}` : `不能大于 ${issue.maximum}`
    case 'too_small':
      return issue.origin === 'string' ? (issue.minimum === 1 ? '不能为空' : `长度不能少于 ${issue.minimum}`) : `不能小于 ${issue.minimum}`
    case 'invalid_format':
      // A pattern may say in Chinese what it expects.
      return /[\u4e00-\u9fa5]/.test(issue.message) ? issue.message : '格式不正确'
    case 'invalid_value':
      return '取值不正确'
    case 'unrecognized_keys':
      return '包含未知字段'
    default:
      return issue.message && /[\u4e00-\u9fa5]/.test(issue.message) ? issue.message : '不正确'
  }
}

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let v = input
  for (const key of path) {
    if (v === null || typeof v !== 'object') return undefined
    v = (v as Record<PropertyKey, unknown>)[key]
  }
  return v
}

/** `labels` names fields in Chinese (`{ reason: '驳回原因' }`) for screens whose readers never see field names. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, labels: Record<string, string> = {}): z.output<S> {
  const result = schema.safeParse(input ?? {})
  if (result.success) return result.data
  const issue = result.error.issues[0]
  const path = issue.path.join('.')
  const field = issue.path.length ? (labels[path] ?? path) : '请求'
  throw new AppError(`参数错误: ${field} ${describeIssue(issue, valueAt(input, issue.path))}`)
}

// The client sends null values as '' (spec 5): an empty string means "not given".
const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v)

/** An integer from JSON or a query string, bounded. */
export function intParam(min: number, max: number) {
  return z.preprocess(
    (v) => {
      const e = emptyToUndefined(v)
      return typeof e === 'string' && /^-?\d+$/.test(e.trim()) ? Number(e) : e
    },
    z.number().int().min(min).max(max)
  )
}

export const idParam = () => intParam(1, 2_147_483_647)

/** A trimmed string with a length bound; '' stays '' so the caller decides whether it is allowed. */
export function text(max: number, min = 0) {
  return z.string().trim().min(min).max(max)
}

export function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess(emptyToUndefined, schema.optional())
}

export const mobileSchema = z.string().trim().regex(/^1[3-9]\d{9}$/)
export const smsCodeSchema = z.string().trim().regex(/^\d{6}$/)

/**
 * referee_id travels in every request from a shared link; a malformed one is ignored rather than
 * blocking the login it rides on.
 */
export const refereeParam = z.preprocess((v) => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,10}$/.test(v.trim()) ? Number(v) : NaN
  return Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : undefined
}, z.number().int().optional())
