import { bigint, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core'

import { adminOperators } from './admin'

/**
 * A lesson video going straight from an operator's browser into the bucket (a multipart upload):
 * kept here, not in a process, so whichever server takes the next request knows it. The row goes
 * when the upload is completed or given up; rows left behind are aborted by a job.
 */
export const courseVideoUploads = pgTable(
  'course_video_uploads',
  {
    /** The random id the console holds; the bucket's own upload id is never handed out. */
    id: varchar('id', { length: 32 }).primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => adminOperators.id),
    /** Under the media area: `course/uploads/<month>/<random>.<ext>`. */
    mediaKey: varchar('media_key', { length: 128 }).notNull(),
    s3UploadId: text('s3_upload_id').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    partBytes: integer('part_bytes').notNull(),
    /** Set while one request completes it, so a second complete is refused. */
    completingAt: timestamp('completing_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [index('course_video_uploads_created_idx').on(t.createdAt)]
)
