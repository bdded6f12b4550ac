import { cleanParams } from '../../../src/core/params'

describe('cleanParams (docs/spec.md §5)', () => {
  it('turns null and undefined into empty strings and trims strings', () => {
    expect(cleanParams({ a: null, b: undefined, c: '  x  ', d: '\n' })).toEqual({ a: '', b: '', c: 'x', d: '' })
  })

  it('keeps numbers and booleans', () => {
    expect(cleanParams({ n: 0, m: -1.5, t: true, f: false })).toEqual({ n: 0, m: -1.5, t: true, f: false })
  })

  it('cleans nested objects and arrays', () => {
    expect(cleanParams({ list: [' a ', null, { x: ' y ' }], nested: { deep: { v: null } } })).toEqual({
      list: ['a', '', { x: 'y' }],
      nested: { deep: { v: '' } }
    })
  })

  it('keeps other objects such as dates untouched and does not change the input', () => {
    const date = new Date(0)
    const input = { when: date, name: ' a ' }
    expect(cleanParams(input).when).toBe(date)
    expect(input.name).toBe(' a ')
  })
})
