import { and, asc, eq, sql } from 'drizzle-orm'

import { AppError } from '../../core/envelope'
import type { Executor } from '../../db/database'
import { courseChapters, courseEnrollments, courseLessons, courses } from '../../db/schema'

export type CourseRow = typeof courses.$inferSelect

/** A course users may see; hidden or unknown ones read as missing. */
export async function visibleCourse(db: Executor, courseId: number): Promise<CourseRow> {
  const [row] = await db
    .select()
    .from(courses)
    .where(and(eq(courses.id, courseId), eq(courses.visible, true)))
    .limit(1)
  if (!row) throw new AppError('课程不存在或已下架')
  return row
}

export async function isEnrolled(db: Executor, userId: number | undefined, courseId: number): Promise<boolean> {
  if (!userId) return false
  const [row] = await db
    .select({ userId: courseEnrollments.userId })
    .from(courseEnrollments)
    .where(and(eq(courseEnrollments.userId, userId), eq(courseEnrollments.courseId, courseId)))
    .limit(1)
  return !!row
}

/** Grants a course once; the student count grows only when the grant is new. */
export async function enroll(
  db: Executor,
  userId: number,
  courseId: number,
  source: 'signup' | 'order'
): Promise<boolean> {
  const added = await db
    .insert(courseEnrollments)
    .values({ userId, courseId, source })
    .onConflictDoNothing()
    .returning()
  if (added.length)
    await db
      .update(courses)
      .set({ students: sql`${courses.students} + 1` })
      .where(eq(courses.id, courseId))
  return added.length > 0
}

/** A course's chapters in the outline's order. */
export const chapterRowsOf = (db: Executor, courseId: number) =>
  db
    .select()
    .from(courseChapters)
    .where(eq(courseChapters.courseId, courseId))
    .orderBy(asc(courseChapters.sort), asc(courseChapters.id))

/** A course's lessons in the outline's order (within their chapters). */
export const lessonRowsOf = (db: Executor, courseId: number) =>
  db
    .select()
    .from(courseLessons)
    .where(eq(courseLessons.courseId, courseId))
    .orderBy(asc(courseLessons.sort), asc(courseLessons.id))
