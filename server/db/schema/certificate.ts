import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar
} from 'drizzle-orm/pg-core'

import { bizRefundColumns } from './payments'
import { users } from './users'

// Professional certificates a user can register for: catalogue, applications and their review.

/** Application fields a certificate may require besides name, ID number, mobile and ID photo (always required). */
export const CERTIFICATE_OPTIONAL_FIELDS = ['education', 'work_unit'] as const
export type CertificateOptionalField = (typeof CERTIFICATE_OPTIONAL_FIELDS)[number]

export const certificateCategories = pgTable(
  'certificate_categories',
  {
    id: serial('id').primaryKey(),
    slug: varchar('slug', { length: 64 }).notNull(),
    name: varchar('name', { length: 16 }).notNull(),
    sort: integer('sort').notNull().default(0)
  },
  (t) => [uniqueIndex('certificate_categories_slug_uq').on(t.slug)]
)

export const certificates = pgTable(
  'certificates',
  {
    id: serial('id').primaryKey(),
    slug: varchar('slug', { length: 64 }).notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => certificateCategories.id),
    title: varchar('title', { length: 64 }).notNull(),
    summary: varchar('summary', { length: 128 }).notNull().default(''),
    cover: varchar('cover', { length: 512 }).notNull().default(''),
    issuer: varchar('issuer', { length: 64 }).notNull(),
    level: varchar('level', { length: 16 }).notNull().default(''),
    /** Sanitized HTML: who may apply, what the exam covers. */
    requirements: text('requirements').notNull().default(''),
    feeFen: integer('fee_fen').notNull(),
    applicants: integer('applicants').notNull().default(0),
    sort: integer('sort').notNull().default(0),
    visible: boolean('visible').notNull().default(true),
    /** Which of CERTIFICATE_OPTIONAL_FIELDS the application form requires. */
    requiredFields: jsonb('required_fields').$type<CertificateOptionalField[]>().notNull().default(['education']),
    /** Raised on every console edit: a save carrying an older version is refused. */
    version: integer('version').notNull().default(1)
  },
  (t) => [
    uniqueIndex('certificates_slug_uq').on(t.slug),
    index('certificates_category_idx').on(t.categoryId, t.sort),
    check('certificates_fee_nonneg', sql`${t.feeFen} >= 0`)
  ]
)

/** unpaid -> reviewing (fee paid, or free) -> approved | rejected. */
export const CERTIFICATE_APPLICATION_STATUSES = ['unpaid', 'reviewing', 'approved', 'rejected'] as const
export type CertificateApplicationStatus = (typeof CERTIFICATE_APPLICATION_STATUSES)[number]

export const certificateApplications = pgTable(
  'certificate_applications',
  {
    id: serial('id').primaryKey(),
    certificateId: integer('certificate_id')
      .notNull()
      .references(() => certificates.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    name: varchar('name', { length: 32 }).notNull(),
    /** Encrypted (`v1:` AES-256-GCM, server/core/data-key.ts); never returned or logged whole. */
    idNumber: text('id_number').notNull(),
    /** Keyed hash of the ID number, for finding applications by it. */
    idNumberHash: varchar('id_number_hash', { length: 64 }).notNull().default(''),
    /** Sealed at rest (server/core/sealed-columns.ts), with its keyed hash for lookups. */
    mobile: text('mobile').notNull(),
    mobileHash: varchar('mobile_hash', { length: 64 }).notNull().default(''),
    education: varchar('education', { length: 16 }).notNull(),
    workUnit: varchar('work_unit', { length: 64 }).notNull().default(''),
    photoUrl: varchar('photo_url', { length: 512 }).notNull(),
    amountFen: integer('amount_fen').notNull(),
    status: varchar('status', { length: 16 }).$type<CertificateApplicationStatus>().notNull(),
    reviewNote: varchar('review_note', { length: 200 }).notNull().default(''),
    certificateNo: varchar('certificate_no', { length: 32 }).notNull().default(''),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** A rejected paid application's fee goes back. */
    ...bizRefundColumns(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    // One live application per user and certificate; a rejected one may be followed by a new one.
    uniqueIndex('certificate_applications_open_uq')
      .on(t.certificateId, t.userId)
      .where(sql`status <> 'rejected'`),
    index('certificate_applications_user_idx').on(t.userId, t.createdAt),
    index('certificate_applications_id_number_idx').on(t.idNumberHash)
  ]
)
