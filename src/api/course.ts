import type {
  CourseCategoryResponse,
  CourseDetailRequest,
  CourseDetailResponse,
  CourseFavoriteListResponse,
  CourseFavoriteRequest,
  CourseFavoriteResponse,
  CourseListRequest,
  CourseListResponse,
  CourseOrderAddRequest,
  CourseOrderAddResponse,
  CourseOrderDetailRequest,
  CourseOrderDetailResponse,
  CourseOrderListResponse,
  CourseOrderPayRequest,
  CourseOrderPayResponse,
  CourseOrderRefundCheckRequest,
  CourseOrderRefundCheckResponse,
  CourseOrderRefundRequest,
  CourseOrderRefundResponse,
  CourseSignupRequest,
  CourseSignupResponse,
  LessonDetailRequest,
  LessonDetailResponse,
  LessonProgressRequest,
  LessonProgressResponse,
  LiveListRequest,
  LiveListResponse,
  LivePlayRequest,
  LivePlayResponse,
  OfflineDetailRequest,
  OfflineDetailResponse,
  OfflineListResponse,
  OfflineSignupRequest,
  OfflineSignupResponse,
  PageParams
} from '@contract'

import { request } from './http'

export const getCourseCategories = () =>
  request<CourseCategoryResponse>({ url: '/api/course.index/getCategory', method: 'POST' })

export const getCourseList = (data: CourseListRequest = {}) =>
  request<CourseListResponse>({ url: '/api/course.index/getList', method: 'POST', data })

export const getCourseDetail = (params: CourseDetailRequest) =>
  request<CourseDetailResponse>({ url: '/api/course.index/getDetail', data: params })

/** Sign up to a free course. */
export const signupCourse = (data: CourseSignupRequest) =>
  request<CourseSignupResponse>({ url: '/api/course.index/signup', method: 'POST', data })

export const setCourseFavorite = (params: CourseFavoriteRequest) =>
  request<CourseFavoriteResponse>({ url: '/api/course.index/favorite', data: params })

export const getFavoriteCourses = (params: PageParams = {}) =>
  request<CourseFavoriteListResponse>({ url: '/api/course.favorite/lists', data: params })

/** A lesson's video; the page shows a locked lesson's message itself. */
export const getLesson = (params: LessonDetailRequest) =>
  request<LessonDetailResponse>({ url: '/api/course.lesson/detail', data: params, showToast: false })

/** Saved quietly while a lesson plays. */
export const saveLessonProgress = (data: LessonProgressRequest) =>
  request<LessonProgressResponse>({
    url: '/api/course.lesson/progress',
    method: 'POST',
    data,
    showLoading: false,
    showToast: false
  })

export const getLiveSessions = (params: LiveListRequest) =>
  request<LiveListResponse>({ url: '/api/course.live/lists', data: params })

export const playLiveSession = (params: LivePlayRequest) =>
  request<LivePlayResponse>({ url: '/api/course.live/play', data: params })

export const getOfflineClasses = (params: PageParams = {}) =>
  request<OfflineListResponse>({ url: '/api/course.offline/lists', data: params })

export const getOfflineClass = (params: OfflineDetailRequest) =>
  request<OfflineDetailResponse>({ url: '/api/course.offline/detail', data: params })

/** The page shows why a sign-up was refused beside the form. */
export const signupOfflineClass = (data: OfflineSignupRequest) =>
  request<OfflineSignupResponse>({ url: '/api/course.offline/signup', method: 'POST', data, showToast: false })

export const addCourseOrder = (data: CourseOrderAddRequest) =>
  request<CourseOrderAddResponse>({ url: '/api/course.order/add', method: 'POST', data })

export const getCourseOrder = (params: CourseOrderDetailRequest) =>
  request<CourseOrderDetailResponse>({ url: '/api/course.order/detail', data: params })

/** My course orders, newest first (for pages/my/online). */
export const getCourseOrders = (params: PageParams = {}) =>
  request<CourseOrderListResponse>({ url: '/api/course.order/lists', data: params })

export const payCourseOrder = (data: CourseOrderPayRequest) =>
  request<CourseOrderPayResponse>({ url: '/api/course.order/pay', method: 'POST', data })

/** Whether the owner's refund policy lets me refund a paid course order now, and why not. */
export const checkCourseRefund = (params: CourseOrderRefundCheckRequest) =>
  request<CourseOrderRefundCheckResponse>({ url: '/api/course.order/refundCheck', data: params })

export const refundCourseOrder = (data: CourseOrderRefundRequest) =>
  request<CourseOrderRefundResponse>({ url: '/api/course.order/refund', method: 'POST', data })
