// ---- teachers, follows, reviews ----
import type { Paged, PageParams } from '.'
import type { ServiceSummary } from './service'

export interface TeacherSummary {
  teacher_id: number
  name: string
  title: string
  avatar: string
  city: string
  years: number
  specialties: string[]
  followers: number
  /** Whether I follow them (false for visitors). */
  followed: boolean
}

export interface TeacherReview {
  review_id: number
  author: string
  rating: number
  content: string
  created_at: string
}

export interface TeacherCourse {
  course_id: number
  kind: string
  title: string
  subtitle: string
  cover: string
  price: number
}

/** GET /api/teacher.index/lists */
export interface TeacherListResponse {
  list: TeacherSummary[]
}

/** GET /api/teacher.index/detail */
export interface TeacherDetailRequest {
  teacher_id: number
}
export interface TeacherDetailResponse {
  detail: TeacherSummary & {
    cover: string
    /** Plain text, paragraphs separated by blank lines. */
    intro: string
    /** Average stars, one decimal; 0 when unrated. */
    rating: number
    review_count: number
    courses: TeacherCourse[]
    services: ServiceSummary[]
    reviews: TeacherReview[]
  }
}

/** POST /api/teacher.follow/add and teacher.follow/delete */
export interface TeacherFollowRequest {
  teacher_id: number
}
export interface TeacherFollowResponse {
  followed: boolean
  followers: number
}

/** GET /api/teacher.follow/lists — my follows, newest first. */
export type MyFollowsRequest = PageParams
export type MyFollowsResponse = Paged<TeacherSummary & { followed_at: string }>

/** GET /api/teacher.offline/lists — the offline classes I signed up for, with their teachers. */
export interface MyOfflineClass {
  signup_id: number
  class_id: number
  course_id: number
  course_title: string
  title: string
  city: string
  address: string
  starts_at: string
  ends_at: string
  teacher: string
  /** The teacher's profile, 0 when they have none. */
  teacher_id: number
  finished: boolean
}
export type MyOfflineResponse = Paged<MyOfflineClass>
