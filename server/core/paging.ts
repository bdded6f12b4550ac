import { z } from 'zod'

import { intParam } from './validate'

export const pagingFields = {
  page: intParam(1, 100_000).default(1),
  per_page: intParam(1, 50).default(15)
}
export const pagingQuery = z.object(pagingFields)

export interface Paged<T> {
  list: T[]
  total: number
  page: number
  per_page: number
  last_page: number
}

export function paged<T>(list: T[], total: number, page: number, perPage: number): Paged<T> {
  return { list, total, page, per_page: perPage, last_page: Math.max(1, Math.ceil(total / perPage)) }
}

export function offsetOf(page: number, perPage: number): number {
  return (page - 1) * perPage
}
