import { CATALOGUES } from '../../../contract/catalogues'
import { zhHans } from '../../../contract/catalogues/zh-hans'
import { LOCALES } from '../../../contract/locale'
import { convertTree } from '../../../scripts/lib/zh-hant-catalogue'
import { LOADING_TITLE } from '../../../src/core/constants'

/** Every leaf of a catalogue as [dotted key, string]. */
function leaves(tree: object, prefix = ''): [string, unknown][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    value !== null && typeof value === 'object' ? leaves(value, `${prefix}${key}.`) : [[`${prefix}${key}`, value]]
  )
}

const HAN = /[\u3400-\u9fff\uf900-\ufaff]/
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort()

const source = new Map(leaves(zhHans))

describe('the catalogues', () => {
  it.each(LOCALES)('%s has every key of zh-Hans and no other, each a non-empty string', (locale) => {
    const table = new Map(leaves(CATALOGUES[locale]))
    expect([...table.keys()].filter((key) => !source.has(key))).toEqual([])
    expect([...source.keys()].filter((key) => !table.has(key))).toEqual([])
    for (const [key, text] of table) {
      expect([key, typeof text]).toEqual([key, 'string'])
      expect([key, (text as string).trim().length > 0]).toEqual([key, true])
    }
  })

  it.each(LOCALES)('%s keeps the placeholders of each zh-Hans string', (locale) => {
    for (const [key, text] of leaves(CATALOGUES[locale]))
      expect([key, placeholders(text as string)]).toEqual([key, placeholders(source.get(key) as string)])
  })

  it.each(['en', 'fr', 'es'] as const)('%s has no string left in Chinese', (locale) => {
    const left = leaves(CATALOGUES[locale]).filter(([, text]) => HAN.test(text as string))
    expect(left).toEqual([])
  })

  it('zh-Hant is the OpenCC conversion of zh-Hans with the glossary (npm run i18n:zh-hant writes it)', () => {
    expect(CATALOGUES['zh-Hant']).toEqual(convertTree(zhHans))
  })

  it('the source is the spec’s Chinese where the spec names it', () => {
    expect(zhHans.common.loading).toBe(LOADING_TITLE)
  })
})
