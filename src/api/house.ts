import type {
  DivinationListResponse,
  DivinationSaved,
  DivinationSaveRequest,
  Empty,
  HouseAddRequest,
  HouseEditRequest,
  HouseListResponse,
  HousePlan,
  PageParams
} from '@contract'

import { request } from './http'

export const addHouse = (data: HouseAddRequest) =>
  request<HousePlan>({ url: '/api/tools.house/add', method: 'POST', data })

/** Saves the fields of one step of the flow; the others stay as they were. */
export const editHouse = (data: HouseEditRequest) =>
  request<HousePlan>({ url: '/api/tools.house/edit', method: 'POST', data })

export const getHouses = (params: PageParams = {}) =>
  request<HouseListResponse>({ url: '/api/tools.house/lists', data: params })

export const getHouse = (id: number) => request<HousePlan>({ url: '/api/tools.house/detail', data: { id } })

export const deleteHouse = (id: number) =>
  request<Empty>({ url: '/api/tools.house/delete', method: 'POST', data: { id } })

export const saveDivination = (data: DivinationSaveRequest) =>
  request<DivinationSaved>({ url: '/api/tools.divination/save', method: 'POST', data, showLoading: false })

export const getDivinations = (params: PageParams = {}) =>
  request<DivinationListResponse>({ url: '/api/tools.divination/lists', data: params, showLoading: false })

export const deleteDivination = (id: number) =>
  request<Empty>({ url: '/api/tools.divination/delete', method: 'POST', data: { id } })
