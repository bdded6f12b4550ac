import { boolean, index, integer, jsonb, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'

import { teachers } from './teacher'

// The operator console: its own accounts, sessions, login throttle and audit log, apart from app users.

/** 'teacher': a teacher's own account, limited to that teacher's bookings (teacher_id). */
export const ADMIN_ROLES = ['owner', 'operations', 'finance', 'content', 'teacher'] as const
export type AdminRole = (typeof ADMIN_ROLES)[number]

export const adminOperators = pgTable(
  'admin_operators',
  {
    id: serial('id').primaryKey(),
    username: varchar('username', { length: 32 }).notNull(),
    /** `scrypt$N$r$p$salt$hash` (server/modules/admin/passwords.ts). */
    passwordHash: varchar('password_hash', { length: 256 }).notNull(),
    role: varchar('role', { length: 16 }).$type<AdminRole>().notNull(),
    disabled: boolean('disabled').notNull().default(false),
    /** The teacher a 'teacher' account acts for. */
    teacherId: integer('teacher_id').references(() => teachers.id),
    /** Raised on every edit: a save carrying an older version is refused. */
    version: integer('version').notNull().default(1),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [uniqueIndex('admin_operators_username_uq').on(t.username)]
)

export const adminSessions = pgTable(
  'admin_sessions',
  {
    id: serial('id').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => adminOperators.id),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    /** Sent back in a header on every write; a page of another site cannot read it. */
    csrfToken: varchar('csrf_token', { length: 64 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [uniqueIndex('admin_sessions_token_uq').on(t.tokenHash), index('admin_sessions_operator_idx').on(t.operatorId)]
)

export const adminAuditLogs = pgTable(
  'admin_audit_logs',
  {
    id: serial('id').primaryKey(),
    operatorId: integer('operator_id').notNull(),
    operatorName: varchar('operator_name', { length: 32 }).notNull(),
    action: varchar('action', { length: 48 }).notNull(),
    targetType: varchar('target_type', { length: 32 }).notNull(),
    targetId: varchar('target_id', { length: 64 }).notNull().default(''),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    index('admin_audit_logs_created_idx').on(t.createdAt),
    index('admin_audit_logs_operator_idx').on(t.operatorId, t.createdAt),
    index('admin_audit_logs_target_idx').on(t.targetType, t.targetId)
  ]
)
