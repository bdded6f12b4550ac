import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'

import { bizRefundColumns } from './payments'
import { users } from './users'

// The association: its profile (one row per association, seeded) and membership applications.

export const associations = pgTable(
  'associations',
  {
    id: serial('id').primaryKey(),
    slug: varchar('slug', { length: 64 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    logo: varchar('logo', { length: 512 }).notNull().default(''),
    cover: varchar('cover', { length: 512 }).notNull().default(''),
    slogan: varchar('slogan', { length: 128 }).notNull().default(''),
    /** Sanitized HTML. */
    intro: text('intro').notNull().default(''),
    /** Membership benefits: title and text each. */
    benefits: jsonb('benefits').$type<{ title: string; text: string }[]>().notNull().default([]),
    /** Steps from application to member card. */
    steps: jsonb('steps').$type<string[]>().notNull().default([]),
    /** Yearly dues of a full membership; 0 means no dues. */
    duesFen: integer('dues_fen').notNull().default(0),
    members: integer('members').notNull().default(0),
    foundedYear: integer('founded_year').notNull()
  },
  (t) => [uniqueIndex('associations_slug_uq').on(t.slug)]
)

export const MEMBERSHIP_KINDS = ['full', 'easy'] as const
export type MembershipKind = (typeof MEMBERSHIP_KINDS)[number]
export const MEMBERSHIP_STATUSES = ['unpaid', 'reviewing', 'approved', 'rejected'] as const
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number]

export const membershipApplications = pgTable(
  'membership_applications',
  {
    id: serial('id').primaryKey(),
    associationId: integer('association_id')
      .notNull()
      .references(() => associations.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: varchar('kind', { length: 8 }).$type<MembershipKind>().notNull(),
    name: varchar('name', { length: 32 }).notNull(),
    /** Sealed at rest (server/core/sealed-columns.ts), with its keyed hash for lookups. */
    mobile: text('mobile').notNull(),
    mobileHash: varchar('mobile_hash', { length: 64 }).notNull().default(''),
    /** Encrypted (`v1:` AES-256-GCM, server/core/data-key.ts); empty for a quick application. */
    idNumber: text('id_number').notNull().default(''),
    /** Keyed hash of the ID number, for finding applications by it. */
    idNumberHash: varchar('id_number_hash', { length: 64 }).notNull().default(''),
    gender: varchar('gender', { length: 4 }).notNull().default(''),
    education: varchar('education', { length: 16 }).notNull().default(''),
    workUnit: varchar('work_unit', { length: 64 }).notNull().default(''),
    specialty: varchar('specialty', { length: 64 }).notNull().default(''),
    intro: varchar('intro', { length: 500 }).notNull().default(''),
    photoUrl: varchar('photo_url', { length: 512 }).notNull().default(''),
    /** Supporting documents (certificates, works), uploaded image urls. */
    attachments: jsonb('attachments').$type<string[]>().notNull().default([]),
    amountFen: integer('amount_fen').notNull().default(0),
    status: varchar('status', { length: 16 }).$type<MembershipStatus>().notNull(),
    reviewNote: varchar('review_note', { length: 200 }).notNull().default(''),
    memberNo: varchar('member_no', { length: 32 }).notNull().default(''),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** A rejected application's dues go back. */
    ...bizRefundColumns(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    // One live application (or membership) per user; after a rejection the user may apply again.
    uniqueIndex('membership_applications_open_uq')
      .on(t.associationId, t.userId)
      .where(sql`status <> 'rejected'`),
    index('membership_applications_user_idx').on(t.userId, t.createdAt),
    index('membership_applications_id_number_idx').on(t.idNumberHash)
  ]
)
