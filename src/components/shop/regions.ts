import type { RegionNode } from '@contract/shop'

import { getRegionTree } from '@/api/shop'

/** The region tree changes rarely: one load per app run is enough. */
let cached: Promise<RegionNode[]> | undefined

export function loadRegions(): Promise<RegionNode[]> {
  cached ??= getRegionTree().then(
    (tree) => tree.list,
    (e) => {
      cached = undefined
      throw e
    }
  )
  return cached
}

/**
 * The three columns a multiSelector shows for the chosen indexes (a city without districts has an empty third column).
 */
export function columnsOf(tree: RegionNode[], [p, c]: number[]): RegionNode[][] {
  const cities = tree[p]?.children ?? []
  const districts = cities[c]?.children ?? []
  return [tree, cities, districts]
}

/** The indexes of the regions with these codes (0 for a code not found). */
export function indexesOf(tree: RegionNode[], codes: string[]): number[] {
  const p = Math.max(
    0,
    tree.findIndex((node) => node.code === codes[0])
  )
  const cities = tree[p]?.children ?? []
  const c = Math.max(
    0,
    cities.findIndex((node) => node.code === codes[1])
  )
  const districts = cities[c]?.children ?? []
  const d = Math.max(
    0,
    districts.findIndex((node) => node.code === codes[2])
  )
  return [p, c, d]
}

/** After a column changed: the columns to its right go back to their first entry. */
export function afterColumnChange(indexes: number[], column: number, value: number): number[] {
  return indexes.map((index, i) => (i < column ? index : i === column ? value : 0))
}
