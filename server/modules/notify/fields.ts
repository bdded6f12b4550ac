import { AppError } from '../../core/envelope'
import { type EventKey, EVENTS } from './events'

/**
 * The value types of WeChat's template keys, as its 订阅消息 documentation lists them (a key is its type
 * and a number: `thing1`, `amount2`, `character_string3`), with their length limits. The 公众号's
 * category templates name their keys the same way.
 */
export const FIELD_KINDS = [
  'thing',
  'number',
  'letter',
  'symbol',
  'character_string',
  'time',
  'date',
  'amount',
  'phone_number',
  'car_number',
  'name',
  'phrase'
] as const
export type FieldKind = (typeof FIELD_KINDS)[number]

/** Longest value of each type, in characters (WeChat refuses a longer one with 47003). */
export const KIND_MAX: Record<FieldKind, number> = {
  thing: 20,
  number: 32,
  letter: 32,
  symbol: 5,
  character_string: 32,
  time: 32,
  date: 32,
  amount: 32,
  phone_number: 17,
  car_number: 8,
  name: 10,
  phrase: 5
}

export const KIND_LABELS: Record<FieldKind, string> = {
  thing: '事物',
  number: '数字',
  letter: '字母',
  symbol: '符号',
  character_string: '字符串',
  time: '时间',
  date: '日期',
  amount: '金额',
  phone_number: '电话',
  car_number: '车牌',
  name: '姓名',
  phrase: '汉字短语'
}

/**
 * Which template keys a field of each kind may fill. A `thing` key takes any short text; the others
 * check their format, so only values made for them fit (an order number is not an amount).
 */
const FITS: Record<FieldKind, readonly FieldKind[]> = {
  thing: ['thing'],
  number: ['number', 'character_string', 'thing'],
  letter: ['letter', 'character_string', 'thing'],
  symbol: ['symbol', 'thing'],
  character_string: ['character_string', 'thing'],
  time: ['time', 'thing'],
  date: ['date', 'time', 'thing'],
  amount: ['amount', 'thing'],
  phone_number: ['phone_number', 'thing'],
  car_number: ['car_number', 'thing'],
  name: ['name', 'thing'],
  phrase: ['phrase', 'thing']
}

/** The type of a template key (`character_string12` -> character_string), or undefined when it is none of WeChat's. */
export function kindOfKey(key: string): FieldKind | undefined {
  const m = /^([a-z_]+?)(\d+)$/.exec(key)
  return m && (FIELD_KINDS as readonly string[]).includes(m[1]) ? (m[1] as FieldKind) : undefined
}

/** A template's mapping: WeChat's key -> the event's field name. */
export type FieldMapping = Record<string, string>

/**
 * Refuses a mapping that does not fit the event, naming the key and the field: a key that is not a
 * WeChat key, a field the event does not fill, a field whose kind the key's type does not take.
 */
export function checkMapping(event: EventKey, mapping: FieldMapping): void {
  const fields: Record<string, { label: string; kind: FieldKind }> = EVENTS[event].fields
  const keys = Object.keys(mapping)
  if (!keys.length) throw new AppError('请至少为模板的一个字段选择要填写的内容')
  if (keys.length > 20) throw new AppError('模板字段不能超过 20 个')
  for (const key of keys) {
    const type = kindOfKey(key)
    if (!type) throw new AppError(`模板字段「${key}」不是微信的字段名（应如 thing1、amount2、time3）`)
    const name = mapping[key]
    const field = fields[name]
    if (!field) throw new AppError(`模板字段「${key}」选择的内容「${name}」不是此事件提供的字段`)
    if (!FITS[field.kind].includes(type))
      throw new AppError(
        `模板字段「${key}」是${KIND_LABELS[type]}类型，不能填写「${field.label}」（${KIND_LABELS[field.kind]}）`
      )
  }
}

/** A value cut to what its key's type takes: WeChat refuses the whole message for one long value. */
export function fitValue(type: FieldKind, value: string): string {
  const max = KIND_MAX[type]
  let v = value.replace(/\s+/g, ' ').trim()
  if (type === 'character_string' || type === 'number' || type === 'letter') v = v.replace(/\s/g, '')
  const chars = Array.from(v)
  if (chars.length <= max) return v
  return type === 'thing' ? chars.slice(0, max - 1).join('') + '…' : chars.slice(0, max).join('')
}

/** The `data` of WeChat's send call: each mapped key with its event value, fitted to the key's type. */
export function templateData(mapping: FieldMapping, values: Record<string, string>): Record<string, { value: string }> {
  const data: Record<string, { value: string }> = {}
  for (const [key, name] of Object.entries(mapping)) {
    const type = kindOfKey(key) ?? 'thing'
    data[key] = { value: fitValue(type, values[name] ?? '') || '-' }
  }
  return data
}
