import { toZhHant } from '../../server/core/zh-hant'

/** A catalogue with every string converted to Traditional (OpenCC + glossary), keys and nesting unchanged. */
export function convertTree<T>(tree: T): T {
  if (typeof tree === 'string') return toZhHant(tree) as T
  return Object.fromEntries(Object.entries(tree as object).map(([key, value]) => [key, convertTree(value)])) as T
}
