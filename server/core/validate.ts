import { z } from 'zod'

import { AppError, Code } from './envelope'
import { type FieldLabel, fieldLabel } from './field-labels'
import { type DescribedIssue, type IssueRule, localizeIssue } from './validate-i18n'

const hasChinese = (text: string | undefined): text is string => !!text && /[\u4e00-\u9fa5]/.test(text)

/** A rule's own Chinese message, with the field's name before it when it has no subject of its own (`格式不正确`). */
const ruleMessage = (message: string, label: string): string =>
  /^(格式|取值|类型|长度|不能|不正确|须|应|最多|至少)/.test(message) ? label + message : message

/** A number bound in the field's own terms: `9999 件`, `50.00 元`. */
function bound(n: number | bigint, field: FieldLabel): string {
  if (field.fen) return `${(Number(n) / 100).toFixed(2)} 元`
  return field.unit ? `${n} ${field.unit}` : String(n)
}

/**
 * The first zod issue as a sentence naming the field in Chinese (`数量最多 9999 件`, `姓名不能为空`), with what it broke
 * so that validate-i18n.ts can say it in the request's language; a rule that words its own Chinese message
 * (`收货人姓名至少 2 个字`) is shown as it is.
 */
function describeIssue(issue: z.core.$ZodIssue, given: unknown, labels?: FieldLabels): DescribedIssue {
  // A route's own names (the console's `商品名称`, `第 2 个规格 价格`) come first, keeping the field's unit.
  const known = fieldLabel(issue.path)
  const named =
    labels && issue.path.some((k) => typeof k === 'string' && k in labels) ? fieldName(issue.path, labels) : undefined
  const field: FieldLabel = named ? { ...known, label: named } : (known ?? { label: '输入' })
  const L = field.label
  const say = (zh: string, rule?: IssueRule, extra: Partial<DescribedIssue> = {}): DescribedIssue => ({
    zh,
    rule,
    label: L,
    ...extra
  })
  /** A rule's own Chinese message: the two of ours are known, any other has no translation. */
  const own = (message: string) =>
    say(
      ruleMessage(message, L),
      message === MSG_CONTROL_CHARS ? 'controlChars' : message === MSG_LINE_BREAKS ? 'lineBreaks' : undefined
    )
  const empty = given === undefined || given === null || given === ''
  switch (issue.code) {
    case 'invalid_type':
      if (empty) return say(`${L}不能为空`, 'empty')
      return issue.expected === 'int' ? say(`${L}须为整数`, 'int') : say(`${L}格式不正确`, 'format')
    case 'too_big':
      if (issue.origin === 'string') return say(`${L}不能超过 ${issue.maximum} 个字`, 'maxChars', { n: issue.maximum })
      if (issue.origin === 'array' || issue.origin === 'set')
        return say(`${L}最多 ${issue.maximum} ${field.unit ?? '个'}`, 'max', {
          n: issue.maximum,
          unit: field.unit ?? '个'
        })
      if (field.ref) return say(`${L}不正确`, 'invalid')
      return say(`${L}最多 ${bound(issue.maximum, field)}`, 'max', {
        n: issue.maximum,
        unit: field.unit,
        fen: field.fen
      })
    case 'too_small':
      if (issue.origin === 'string')
        return issue.minimum === 1
          ? say(`${L}不能为空`, 'empty')
          : say(`${L}至少 ${issue.minimum} 个字`, 'minChars', { n: issue.minimum })
      if (issue.origin === 'array' || issue.origin === 'set')
        return issue.minimum === 1
          ? say(`请选择${L}`, 'choose')
          : say(`${L}至少 ${issue.minimum} ${field.unit ?? '个'}`, 'min', {
              n: issue.minimum,
              unit: field.unit ?? '个'
            })
      if (field.ref) return say(`${L}不正确`, 'invalid')
      return say(`${L}至少 ${bound(issue.minimum, field)}`, 'min', {
        n: issue.minimum,
        unit: field.unit,
        fen: field.fen
      })
    case 'invalid_format':
      if (empty) return say(`${L}不能为空`, 'empty')
      return hasChinese(issue.message) ? own(issue.message) : say(`${L}格式不正确`, 'format')
    case 'invalid_value':
      return empty ? say(`${L}不能为空`, 'empty') : say(`${L}不正确`, 'invalid')
    case 'unrecognized_keys':
      return say('请求包含未知内容', 'unknownKeys')
    default:
      return hasChinese(issue.message) ? own(issue.message) : say(`${L}不正确`, 'invalid')
  }
}

/** A refused input: the Chinese message, and the same in the request's language where it has one. */
function refused(issue: DescribedIssue): AppError {
  return new AppError(issue.zh, Code.ERROR, (locale) => localizeIssue(issue, locale))
}

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let v = input
  for (const key of path) {
    if (v === null || typeof v !== 'object') return undefined
    v = (v as Record<PropertyKey, unknown>)[key]
  }
  return v
}

/** Field names an operator reads (`商品名称`, `第 2 个规格 价格`) instead of the wire names. */
export type FieldLabels = Record<string, string>

function fieldName(path: PropertyKey[], labels?: FieldLabels): string {
  if (!path.length) return '请求'
  if (!labels) return path.join('.')
  return path.map((k) => (typeof k === 'number' ? `第 ${k + 1} 个` : (labels[String(k)] ?? String(k)))).join(' ')
}

/**
 * Control characters no text of ours contains: NUL (PostgreSQL refuses it in text, which would otherwise surface as
 * 服务器繁忙 after a half-done request) and the other C0 controls and DEL. Tab and line breaks stay, for the
 * multi-line fields (remarks, rich text, CSV, whose rows may end in CRLF).
 */
// eslint-disable-next-line no-control-regex -- finding control characters is what it is for
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/
export const MSG_CONTROL_CHARS = '不能包含控制字符'
/** A name, title, number or keyword is one line: a pasted line break or tab would break lists, labels and exports. */
const LINE_BREAKS = /[\t\n\r\u2028\u2029]/
export const MSG_LINE_BREAKS = '不能包含换行或制表符'

/** The path of the first string of a parsed input holding a control character, or undefined. */
function controlCharAt(value: unknown, path: PropertyKey[] = [], depth = 0): PropertyKey[] | undefined {
  if (typeof value === 'string') return CONTROL_CHARS.test(value) ? path : undefined
  if (depth > 8 || value === null || typeof value !== 'object') return undefined
  for (const [key, v] of Array.isArray(value) ? value.entries() : Object.entries(value)) {
    const found = controlCharAt(v, [...path, key], depth + 1)
    if (found) return found
  }
  return undefined
}

export function parseInput<S extends z.ZodType>(schema: S, input: unknown, labels?: FieldLabels): z.output<S> {
  const result = schema.safeParse(input ?? {})
  if (!result.success) {
    const issue = result.error.issues[0]
    throw refused(describeIssue(issue, valueAt(input, issue.path), labels))
  }
  // Every string a route takes, whichever schema let it through (text() refuses them itself, by the same rule).
  const bad = controlCharAt(result.data)
  if (bad) {
    const named = labels && bad.some((k) => typeof k === 'string' && k in labels) ? fieldName(bad, labels) : undefined
    const label = named ?? fieldLabel(bad)?.label ?? '输入'
    throw refused({ zh: `${label}${MSG_CONTROL_CHARS}`, rule: 'controlChars', label })
  }
  return result.data
}

// The client sends null values as '' (docs/spec.md §5): an empty string means "not given".
const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v)

/** An integer from JSON or a query string, bounded. */
export function intParam(min: number, max: number) {
  return z.preprocess((v) => {
    const e = emptyToUndefined(v)
    return typeof e === 'string' && /^-?\d+$/.test(e.trim()) ? Number(e) : e
  }, z.number().int().min(min).max(max))
}

export const idParam = () => intParam(1, 2_147_483_647)

/**
 * A trimmed one-line string with a length bound; '' stays '' so the caller decides whether it is allowed. A control
 * character is refused with the field's name (`昵称不能包含控制字符`), and so are a line break and a tab
 * (`昵称不能包含换行或制表符`): text that may run over several lines is `multiline`.
 */
export function text(max: number, min = 0) {
  return multiline(max, min).refine((v) => !LINE_BREAKS.test(v), { message: MSG_LINE_BREAKS })
}

/** Like `text`, for a text area (remarks, reasons, intros, content, CSV): tabs and line breaks stay. */
export function multiline(max: number, min = 0) {
  return z
    .string()
    .trim()
    .min(min)
    .max(max)
    .refine((v) => !CONTROL_CHARS.test(v), { message: MSG_CONTROL_CHARS })
}

export function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess(emptyToUndefined, schema.optional())
}

export const mobileSchema = z
  .string()
  .trim()
  .regex(/^1[3-9]\d{9}$/)
export const smsCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/)

/**
 * referee_id travels in every request from a shared link; a malformed one is ignored rather than
 * blocking the login it rides on.
 */
export const refereeParam = z.preprocess((v) => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,10}$/.test(v.trim()) ? Number(v) : NaN
  return Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : undefined
}, z.number().int().optional())

/** An uploaded picture's site path (`/uploads/…`, `/static/…`) or a web address; '' for none. */
export const imageAddress = (name: string) =>
  text(512).refine((v) => v === '' || /^(https?:\/\/|\/(?!\/))[^\s"'<>]+$/i.test(v), {
    message: `${name}应为上传后的图片地址`
  })
