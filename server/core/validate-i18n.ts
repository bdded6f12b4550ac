import type { Locale } from '../../contract/locale'
import { FIELD_NAMES, FIELD_UNITS } from './field-labels-i18n'

/** The languages a message is written in beside Chinese (zh-Hant is converted from the Chinese, i18n.ts). */
export type ForeignLocale = Exclude<Locale, 'zh-Hans' | 'zh-Hant'>
const INDEX: Record<ForeignLocale, 0 | 1 | 2> = { en: 0, fr: 1, es: 2 }

/** What a refused input broke, whatever the language the message is written in (validate.ts says it in Chinese). */
export type IssueRule =
  | 'empty'
  | 'int'
  | 'format'
  | 'invalid'
  | 'maxChars'
  | 'minChars'
  | 'max'
  | 'min'
  | 'choose'
  | 'unknownKeys'
  | 'controlChars'
  | 'lineBreaks'

export interface DescribedIssue {
  /** The message in Chinese, as the client has always been told. */
  zh: string
  /** Absent: a rule's own Chinese message, which has no translation (the Chinese is sent). */
  rule?: IssueRule
  /** The field's Chinese name (field-labels.ts, or the route's own). */
  label: string
  n?: number | bigint
  unit?: string
  fen?: boolean
}

type Template = (field: string, bound: string) => string

// «» and « » as French and Spanish write a quoted name; the field's name is not declined for gender or number.
const TEMPLATES: Record<IssueRule, Record<ForeignLocale, Template>> = {
  empty: {
    en: (f) => `Please fill in: ${f}`,
    fr: (f) => `Le champ « ${f} » est obligatoire`,
    es: (f) => `El campo «${f}» es obligatorio`
  },
  int: {
    en: (f) => `${cap(f)} must be a whole number`,
    fr: (f) => `Le champ « ${f} » doit être un nombre entier`,
    es: (f) => `El campo «${f}» debe ser un número entero`
  },
  format: {
    en: (f) => `${cap(f)} is not in a valid format`,
    fr: (f) => `Le format du champ « ${f} » est incorrect`,
    es: (f) => `El formato del campo «${f}» no es válido`
  },
  invalid: {
    en: (f) => `${cap(f)} is not valid`,
    fr: (f) => `Le champ « ${f} » n’est pas valide`,
    es: (f) => `El campo «${f}» no es válido`
  },
  maxChars: {
    en: (f, b) => `${cap(f)} can be at most ${b} characters`,
    fr: (f, b) => `Le champ « ${f} » ne peut pas dépasser ${b} caractères`,
    es: (f, b) => `El campo «${f}» admite como máximo ${b} caracteres`
  },
  minChars: {
    en: (f, b) => `${cap(f)} must be at least ${b} characters`,
    fr: (f, b) => `Le champ « ${f} » doit contenir au moins ${b} caractères`,
    es: (f, b) => `El campo «${f}» debe tener al menos ${b} caracteres`
  },
  max: {
    en: (f, b) => `${cap(f)} can be at most ${b}`,
    fr: (f, b) => `Le champ « ${f} » ne peut pas dépasser ${b}`,
    es: (f, b) => `El campo «${f}» admite como máximo ${b}`
  },
  min: {
    en: (f, b) => `${cap(f)} must be at least ${b}`,
    fr: (f, b) => `Le champ « ${f} » doit être d’au moins ${b}`,
    es: (f, b) => `El campo «${f}» debe ser como mínimo ${b}`
  },
  choose: {
    en: (f) => `Please choose: ${f}`,
    fr: (f) => `Veuillez choisir : ${f}`,
    es: (f) => `Elige: ${f}`
  },
  unknownKeys: {
    en: () => 'The request contains unknown fields',
    fr: () => 'La requête contient des champs inconnus',
    es: () => 'La solicitud contiene campos desconocidos'
  },
  controlChars: {
    en: (f) => `${cap(f)} must not contain control characters`,
    fr: (f) => `Le champ « ${f} » ne doit pas contenir de caractères de contrôle`,
    es: (f) => `El campo «${f}» no debe contener caracteres de control`
  },
  lineBreaks: {
    en: (f) => `${cap(f)} must not contain line breaks or tabs`,
    fr: (f) => `Le champ « ${f} » ne doit pas contenir de retour à la ligne ni de tabulation`,
    es: (f) => `El campo «${f}» no debe contener saltos de línea ni tabulaciones`
  }
}

const cap = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

const decimalOf = (locale: ForeignLocale) => (locale === 'en' ? '.' : ',')

/** A number bound in the field's terms and the request's language: `9999 items`, `¥50.00`; undefined: no unit known. */
function boundText(issue: DescribedIssue, locale: ForeignLocale): string | undefined {
  if (issue.n === undefined) return ''
  if (issue.fen) return `¥${(Number(issue.n) / 100).toFixed(2).replace('.', decimalOf(locale))}`
  if (!issue.unit) return String(issue.n)
  const unit = FIELD_UNITS[issue.unit]?.[INDEX[locale]]
  if (unit === undefined) return undefined
  return unit === '' ? String(issue.n) : unit === '°' ? `${issue.n}°` : `${issue.n} ${unit}`
}

/**
 * The issue in English, French or Spanish, or undefined when a part of it has no translation (a rule's own Chinese
 * message, a field or unit name not in field-labels-i18n.ts): then the Chinese is sent whole.
 */
export function localizeIssue(issue: DescribedIssue, locale: ForeignLocale): string | undefined {
  if (!issue.rule) return undefined
  const field = FIELD_NAMES[issue.label]?.[INDEX[locale]]
  const bound = boundText(issue, locale)
  if (field === undefined || bound === undefined) return undefined
  return TEMPLATES[issue.rule][locale](field, bound)
}
