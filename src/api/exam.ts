import type {
  ExamAnswerRequest,
  ExamAnswerResponse,
  ExamAttemptListResponse,
  ExamAttemptRequest,
  ExamAttemptResponse,
  ExamCheckRequest,
  ExamCheckResponse,
  ExamPaperListRequest,
  ExamPaperListResponse,
  ExamPracticeRequest,
  ExamPracticeResponse,
  ExamRankingRequest,
  ExamRankingResponse,
  ExamStartRequest,
  PageParams
} from '@contract'

import { request } from './http'

export const getExamPapers = (params: ExamPaperListRequest = {}) =>
  request<ExamPaperListResponse>({ url: '/api/exam.paper/lists', data: params })

export const getExamRanking = (params: ExamRankingRequest) =>
  request<ExamRankingResponse>({ url: '/api/exam.paper/ranking', data: params })

/** Resumes my attempt in progress on this paper, or starts one. */
export const startExam = (data: ExamStartRequest) =>
  request<ExamAttemptResponse>({ url: '/api/exam.attempt/start', method: 'POST', data })

export const getExamAttempt = (params: ExamAttemptRequest) =>
  request<ExamAttemptResponse>({ url: '/api/exam.attempt/detail', data: params })

/** Saves one answer as soon as it is chosen (quietly: no loading overlay). */
export const saveExamAnswer = (data: ExamAnswerRequest) =>
  request<ExamAnswerResponse>({ url: '/api/exam.attempt/answer', method: 'POST', data, showLoading: false })

export const submitExam = (data: ExamAttemptRequest) =>
  request<ExamAttemptResponse>({ url: '/api/exam.attempt/submit', method: 'POST', data })

export const getMyExamAttempts = (params: PageParams = {}) =>
  request<ExamAttemptListResponse>({ url: '/api/exam.attempt/lists', data: params })

export const getPracticeQuestions = (params: ExamPracticeRequest = {}) =>
  request<ExamPracticeResponse>({ url: '/api/exam.question/practice', data: params })

export const checkPracticeAnswer = (data: ExamCheckRequest) =>
  request<ExamCheckResponse>({ url: '/api/exam.question/check', method: 'POST', data, showLoading: false })
