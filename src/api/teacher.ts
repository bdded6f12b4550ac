import type {
  MyFollowsRequest,
  MyFollowsResponse,
  MyOfflineResponse,
  PageParams,
  TeacherDetailRequest,
  TeacherDetailResponse,
  TeacherFollowRequest,
  TeacherFollowResponse,
  TeacherListResponse
} from '@contract'

import { request } from './http'

export const getTeachers = () => request<TeacherListResponse>({ url: '/api/teacher.index/lists', showLoading: false })

export const getTeacher = (params: TeacherDetailRequest) =>
  request<TeacherDetailResponse>({ url: '/api/teacher.index/detail', data: params })

/** Follows (follow = true) or unfollows a teacher; both are idempotent. */
export const setTeacherFollow = (data: TeacherFollowRequest, follow: boolean) =>
  request<TeacherFollowResponse>({
    url: follow ? '/api/teacher.follow/add' : '/api/teacher.follow/delete',
    method: 'POST',
    data
  })

export const getMyFollows = (params: MyFollowsRequest = {}) =>
  request<MyFollowsResponse>({ url: '/api/teacher.follow/lists', data: params })

export const getMyOfflineClasses = (params: PageParams = {}) =>
  request<MyOfflineResponse>({ url: '/api/teacher.offline/lists', data: params })
