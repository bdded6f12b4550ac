import { sql } from 'drizzle-orm'
import { boolean, check, jsonb, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'

// 运费模板: how a shop order's freight is computed (server/modules/shop/freight.ts). Money in integer fen,
// weight in grams. Region codes are the 6-digit province or city codes of server/data/regions.json.

export const FREIGHT_CHARGE_BY = ['piece', 'weight'] as const
export type FreightChargeBy = (typeof FREIGHT_CHARGE_BY)[number]

/**
 * First `first` units cost `firstFee`; each further `additional` units (or part of them) cost `additionalFee`.
 * Units are pieces or grams, as the template charges.
 */
export interface FreightFeeRule {
  first: number
  firstFee: number
  additional: number
  additionalFee: number
}

/** A fee rule for some regions instead of the template's default rule. */
export interface FreightRegionRule extends FreightFeeRule {
  regions: string[]
}

/**
 * Free shipping in some regions ([] = everywhere) from an amount (goods after coupons, fen) and/or a piece count;
 * a condition at 0 is not asked, one with both set needs both.
 */
export interface FreightFreeRule {
  regions: string[]
  minAmount: number
  minPieces: number
}

export const freightTemplates = pgTable(
  'freight_templates',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 32 }).notNull(),
    chargeBy: varchar('charge_by', { length: 8 }).$type<FreightChargeBy>().notNull().default('piece'),
    defaultRule: jsonb('default_rule').$type<FreightFeeRule>().notNull(),
    regionRules: jsonb('region_rules').$type<FreightRegionRule[]>().notNull().default([]),
    freeRules: jsonb('free_rules').$type<FreightFreeRule[]>().notNull().default([]),
    /** Regions this template does not deliver to: an order with such goods is refused there. */
    undeliverable: jsonb('undeliverable').$type<string[]>().notNull().default([]),
    /** The template of goods that name none; exactly one row has it (the console moves it, never clears it). */
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    uniqueIndex('freight_templates_one_default_uq')
      .on(t.isDefault)
      .where(sql`${t.isDefault}`),
    uniqueIndex('freight_templates_name_uq').on(t.name),
    check('freight_templates_charge_by', sql`${t.chargeBy} in ('piece', 'weight')`)
  ]
)
