import { and, asc, count, eq, sql } from 'drizzle-orm'

import type { AdminOperatorRow } from '../../../contract/admin'
import { AppError, MSG_STALE } from '../../core/envelope'
import type { Db, Executor } from '../../db/database'
import { adminOperators, type AdminRole, teachers } from '../../db/schema'
import { passwordProblem, WeakPasswordError } from './password-policy'
import { hashPassword, randomPassword, verifyPassword } from './passwords'
import { inScryptQueue } from './scrypt-queue'
import { type Operator, revokeSessions } from './sessions'

export const INITIAL_OWNER = 'admin'

/**
 * First run: when no operator exists, the owner `admin` is created with the given password (refused when weak,
 * password-policy.ts) or a random one. Returns the password when this call created the account (it is shown
 * once), else null. The unique username makes two processes starting together create it once.
 */
export async function ensureInitialOwner(
  db: Db,
  givenPassword: string
): Promise<{ password: string; generated: boolean } | null> {
  const [{ n }] = await db.select({ n: count() }).from(adminOperators)
  if (n > 0) return null
  const problem = givenPassword && passwordProblem(givenPassword)
  if (problem) throw new WeakPasswordError('ADMIN_INITIAL_PASSWORD', problem)
  const password = givenPassword || randomPassword()
  const inserted = await db
    .insert(adminOperators)
    .values({ username: INITIAL_OWNER, passwordHash: await hashPassword(password), role: 'owner' })
    .onConflictDoNothing()
    .returning({ id: adminOperators.id })
  return inserted.length ? { password, generated: !givenPassword } : null
}

export function operatorView(o: Operator, teacherName = ''): AdminOperatorRow {
  return {
    operator_id: o.id,
    username: o.username,
    role: o.role,
    teacher_id: o.teacherId,
    teacher_name: teacherName,
    disabled: o.disabled,
    version: o.version,
    last_login_at: o.lastLoginAt?.toISOString() ?? null,
    created_at: o.createdAt.toISOString()
  }
}

export async function listOperators(db: Db): Promise<AdminOperatorRow[]> {
  const rows = await db
    .select({ o: adminOperators, teacher: teachers.name })
    .from(adminOperators)
    .leftJoin(teachers, eq(teachers.id, adminOperators.teacherId))
    .orderBy(asc(adminOperators.id))
  return rows.map((r) => operatorView(r.o, r.teacher ?? ''))
}

/**
 * The teacher a 老师 account is linked to: required for that role (and must exist), none for the
 * others. Returns the teacher's id and name.
 */
export async function teacherLinkOf(
  db: Executor,
  role: AdminRole,
  teacherId: number | undefined
): Promise<{ id: number | null; name: string }> {
  if (role !== 'teacher') return { id: null, name: '' }
  if (!teacherId) throw new AppError('老师账号须关联一位老师')
  const [t] = await db
    .select({ id: teachers.id, name: teachers.name })
    .from(teachers)
    .where(eq(teachers.id, teacherId))
    .limit(1)
  if (!t) throw new AppError('老师不存在')
  return t
}

export async function operatorById(db: Executor, id: number): Promise<Operator> {
  const [row] = await db.select().from(adminOperators).where(eq(adminOperators.id, id)).limit(1)
  if (!row) throw new AppError('操作员不存在')
  return row
}

export async function createOperator(
  db: Db,
  input: { username: string; password: string; role: AdminRole; teacherId?: number | null }
): Promise<Operator> {
  const passwordHash = await hashPassword(input.password)
  const [row] = await db
    .insert(adminOperators)
    .values({ username: input.username, passwordHash, role: input.role, teacherId: input.teacherId ?? null })
    .onConflictDoNothing()
    .returning()
  if (!row) throw new AppError(`用户名 ${input.username} 已存在`)
  return row
}

/** Counts owners that can still log in, so the last one is never demoted or disabled. */
async function activeOwners(db: Executor): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(adminOperators)
    .where(and(eq(adminOperators.role, 'owner'), eq(adminOperators.disabled, false)))
  return n
}

/**
 * Changes an operator's role or disabled flag when `version` is still the stored one; disabling ends
 * the operator's sessions. Returns the row before and after.
 */
export async function updateOperator(
  db: Db,
  id: number,
  version: number,
  change: { role?: AdminRole; teacherId?: number | null; disabled?: boolean }
): Promise<{ before: Operator; after: Operator }> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(adminOperators).where(eq(adminOperators.id, id)).for('update').limit(1)
    if (!before) throw new AppError('操作员不存在')
    if (before.version !== version) throw new AppError(MSG_STALE)
    const losesOwner =
      before.role === 'owner' && !before.disabled && ((change.role && change.role !== 'owner') || change.disabled)
    if (losesOwner && (await activeOwners(tx)) <= 1) throw new AppError('至少需要保留一个可用的店主账号')
    const [after] = await tx
      .update(adminOperators)
      .set({ ...change, version: sql`${adminOperators.version} + 1`, updatedAt: new Date() })
      .where(eq(adminOperators.id, id))
      .returning()
    if (change.disabled) await revokeSessions(tx, id)
    return { before, after }
  })
}

/** Owner: sets a new random password (shown once) and ends the operator's sessions. */
export async function resetPassword(
  db: Db,
  id: number,
  version: number
): Promise<{ operator: Operator; password: string }> {
  const password = randomPassword()
  const passwordHash = await hashPassword(password)
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(adminOperators)
      .set({ passwordHash, version: sql`${adminOperators.version} + 1`, updatedAt: new Date() })
      .where(and(eq(adminOperators.id, id), eq(adminOperators.version, version)))
      .returning()
    if (!row) {
      await operatorById(tx, id)
      throw new AppError(MSG_STALE)
    }
    await revokeSessions(tx, id)
    return { operator: row, password }
  })
}

/** The operator's own password change: the old one must match; other sessions end. */
export async function changeOwnPassword(
  db: Db,
  operator: Operator,
  sessionId: number,
  oldPassword: string,
  newPassword: string
): Promise<void> {
  const good = await inScryptQueue(() => verifyPassword(oldPassword, operator.passwordHash), '请求过多，请稍后再试')
  if (!good) throw new AppError('原密码不正确')
  if (oldPassword === newPassword) throw new AppError('新密码不能与原密码相同')
  const passwordHash = await hashPassword(newPassword)
  await db.transaction(async (tx) => {
    await tx
      .update(adminOperators)
      .set({ passwordHash, version: sql`${adminOperators.version} + 1`, updatedAt: new Date() })
      .where(eq(adminOperators.id, operator.id))
    await revokeSessions(tx, operator.id, sessionId)
  })
}

export async function revokeOperatorSessions(db: Db, id: number): Promise<Operator> {
  const operator = await operatorById(db, id)
  await revokeSessions(db, id)
  return operator
}
