import { and, count, eq, getTableColumns, is, type SQL } from 'drizzle-orm'
import { type PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { FastifyInstance } from 'fastify'

import type { UserCounts } from '../../../contract'
import * as schema from '../../db/schema'

type CountKey = 'coupons' | 'favorites' | 'follows' | `orders.${keyof UserCounts['orders']}`

interface CountSource {
  key: CountKey
  /** The table's export name in db/schema. */
  table: string
  /** Column (by property name) -> required value. */
  where?: Record<string, string>
}

/**
 * What the 我的 tab counts, per domain table. A table that is not in the schema (its domain is not
 * built yet) counts 0, so each domain appears by adding its rows here.
 */
const SOURCES: CountSource[] = [
  { key: 'orders.unpaid', table: 'shopOrders', where: { status: 'to_pay' } },
  { key: 'orders.unshipped', table: 'shopOrders', where: { status: 'to_ship' } },
  { key: 'orders.unreceived', table: 'shopOrders', where: { status: 'to_receive' } },
  { key: 'orders.refunding', table: 'shopOrders', where: { refundStatus: 'applied' } },
  { key: 'orders.unpaid', table: 'courseOrders', where: { status: 'created' } },
  { key: 'coupons', table: 'shopUserCoupons', where: { status: 'unused' } },
  { key: 'favorites', table: 'shopFavorites' },
  { key: 'favorites', table: 'courseFavorites' }
]

function condition(table: PgTable, userId: number, where: Record<string, string> = {}): SQL | undefined {
  const columns = getTableColumns(table) as Record<string, PgColumn>
  if (!columns.userId) return undefined
  const filters: SQL[] = [eq(columns.userId, userId)]
  for (const [name, value] of Object.entries(where)) {
    if (!columns[name]) return undefined
    filters.push(eq(columns[name], value))
  }
  return and(...filters)
}

export async function userCounts(app: FastifyInstance, userId: number): Promise<UserCounts> {
  const totals: Record<CountKey, number> = {
    'orders.unpaid': 0,
    'orders.unshipped': 0,
    'orders.unreceived': 0,
    'orders.refunding': 0,
    coupons: 0,
    favorites: 0,
    follows: 0
  }
  await Promise.all(
    SOURCES.map(async (s) => {
      const table = (schema as Record<string, unknown>)[s.table]
      if (!is(table, PgTable)) return
      const where = condition(table, userId, s.where)
      if (!where) return
      const [{ n }] = await app.db.select({ n: count() }).from(table).where(where)
      totals[s.key] += n
    })
  )
  return {
    orders: {
      unpaid: totals['orders.unpaid'],
      unshipped: totals['orders.unshipped'],
      unreceived: totals['orders.unreceived'],
      refunding: totals['orders.refunding']
    },
    coupons: totals.coupons,
    favorites: totals.favorites,
    follows: totals.follows
  }
}
