import { and, count, desc, eq, ne, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type { Address, AddressDetailResponse, AddressListsResponse, Empty } from '../../../contract'
import { AppError, ownedBy } from '../../core/envelope'
import { userRoute } from '../../core/route'
import { idParam, optional } from '../../core/validate'
import { resolveRegion } from '../../data/regions'
import { type Executor, preparedQuery, type Tx } from '../../db/database'
import { shopAddresses } from '../../db/schema'
import { MAX_ADDRESSES } from './constants'
import { lockUser } from './locks'
import { openAddressRow, sealReceiver } from './receiver-store'
import { addressDetail, districtCode, flag, receiverMobile, receiverName, regionCode } from './validate'

type AddressRow = typeof shopAddresses.$inferSelect

/** A receiver and where: the address book's fields, and the console's address edit of an order. */
export const receiverFields = {
  name: receiverName,
  mobile: receiverMobile,
  province_code: regionCode,
  city_code: regionCode,
  district_code: districtCode,
  detail: addressDetail
}
const addressFields = { ...receiverFields, is_default: optional(flag) }

export function toAddress(r: AddressRow): Address {
  return {
    address_id: r.id,
    name: r.name,
    mobile: r.mobile,
    province: r.province,
    city: r.city,
    district: r.district,
    province_code: r.provinceCode,
    city_code: r.cityCode,
    district_code: r.districtCode,
    detail: r.detail,
    is_default: r.isDefault,
    full_address: fullAddress(r)
  }
}

/** Municipalities repeat their name as the city (北京市北京市): shown once. */
export function fullAddress(a: { province: string; city: string; district: string; detail: string }): string {
  return (a.city === a.province ? [a.province, a.district, a.detail] : [a.province, a.city, a.district, a.detail]).join(
    ''
  )
}

/** The province, city and district alone (what may be written where the receiver is not sealed). */
export const regionText = (a: { province: string; city: string; district: string }) => fullAddress({ ...a, detail: '' })

const addressById = preparedQuery((db) =>
  db
    .select()
    .from(shopAddresses)
    .where(eq(shopAddresses.id, sql.placeholder('id')))
    .limit(1)
    .prepare('address_by_id')
)

/** An address row when it is the user's; a missing one or someone else's (a shared edit link) is refused as such. */
export function ownedAddress(row: AddressRow | undefined, userId: number): AddressRow {
  return ownedBy(row, userId, '收货地址不存在')
}

/** The user's own address, read by its id. */
async function ownAddress(db: Executor, userId: number, addressId: number): Promise<AddressRow> {
  const [row] = await addressById(db).execute({ id: addressId })
  return ownedAddress(row, userId)
}

const defaultAddressOf = preparedQuery((db) =>
  db
    .select()
    .from(shopAddresses)
    .where(eq(shopAddresses.userId, sql.placeholder('userId')))
    .orderBy(desc(shopAddresses.isDefault), desc(shopAddresses.id))
    .limit(1)
    .prepare('default_address')
)

async function defaultAddress(db: Executor, userId: number): Promise<AddressRow | undefined> {
  const [row] = await defaultAddressOf(db).execute({ userId })
  return row
}

export function regionOf(input: { province_code: string; city_code: string; district_code: string }) {
  const r = resolveRegion(input.province_code, input.city_code, input.district_code)
  if ('bad' in r) throw new AppError('请选择正确的所在地区')
  return r
}

/** Makes one address the default; the partial unique index keeps it to one per user. */
async function makeDefault(tx: Tx, userId: number, addressId: number): Promise<void> {
  await tx
    .update(shopAddresses)
    .set({ isDefault: false })
    .where(and(eq(shopAddresses.userId, userId), ne(shopAddresses.id, addressId), eq(shopAddresses.isDefault, true)))
  await tx.update(shopAddresses).set({ isDefault: true, updatedAt: new Date() }).where(eq(shopAddresses.id, addressId))
}

export default async function addressRoutes(app: FastifyInstance): Promise<void> {
  const idInput = z.object({ address_id: idParam() })
  const cipher = app.services.dataCipher
  const view = (r: AddressRow) => toAddress(openAddressRow(cipher, r))

  userRoute(
    app,
    { method: 'GET', path: '/user.address/lists', input: z.object({}) },
    async ({ userId }): Promise<AddressListsResponse> => {
      const rows = await app.db
        .select()
        .from(shopAddresses)
        .where(eq(shopAddresses.userId, userId))
        .orderBy(desc(shopAddresses.isDefault), desc(shopAddresses.id))
      return { list: rows.map(view) }
    }
  )

  userRoute(
    app,
    { method: 'GET', path: '/user.address/detail', input: idInput },
    async ({ input, userId }): Promise<AddressDetailResponse> => ({
      detail: view(await ownAddress(app.db, userId, input.address_id))
    })
  )

  userRoute(
    app,
    { method: 'POST', path: '/user.address/add', input: z.object(addressFields) },
    async ({ input, userId }): Promise<AddressDetailResponse> => {
      const region = regionOf(input)
      const row = await app.db.transaction(async (tx) => {
        // Serialises one user's address writes, so the count limit and "first is default" hold under concurrency.
        await lockUser(tx, userId)
        const [{ n }] = await tx.select({ n: count() }).from(shopAddresses).where(eq(shopAddresses.userId, userId))
        if (n >= MAX_ADDRESSES) throw new AppError(`最多保存 ${MAX_ADDRESSES} 个收货地址`)
        const [row] = await tx
          .insert(shopAddresses)
          .values({
            userId,
            ...sealReceiver(cipher, input),
            provinceCode: input.province_code,
            cityCode: input.city_code,
            districtCode: input.district_code,
            ...region
          })
          .returning()
        if (n === 0 || input.is_default) await makeDefault(tx, userId, row.id)
        return ownAddress(tx, userId, row.id)
      })
      return { detail: view(row) }
    }
  )

  userRoute(
    app,
    { method: 'POST', path: '/user.address/edit', input: z.object({ address_id: idParam(), ...addressFields }) },
    async ({ input, userId }): Promise<AddressDetailResponse> => {
      const region = regionOf(input)
      const row = await app.db.transaction(async (tx) => {
        await lockUser(tx, userId)
        const current = await ownAddress(tx, userId, input.address_id)
        await tx
          .update(shopAddresses)
          .set({
            ...sealReceiver(cipher, input),
            provinceCode: input.province_code,
            cityCode: input.city_code,
            districtCode: input.district_code,
            ...region,
            updatedAt: new Date()
          })
          .where(eq(shopAddresses.id, current.id))
        if (input.is_default) await makeDefault(tx, userId, current.id)
        return ownAddress(tx, userId, current.id)
      })
      return { detail: view(row) }
    }
  )

  userRoute(
    app,
    { method: 'POST', path: '/user.address/delete', input: idInput },
    async ({ input, userId }): Promise<Empty> => {
      await app.db.transaction(async (tx) => {
        await lockUser(tx, userId)
        const row = await ownAddress(tx, userId, input.address_id)
        await tx.delete(shopAddresses).where(eq(shopAddresses.id, row.id))
        // The newest remaining address inherits the default.
        if (row.isDefault) {
          const next = await defaultAddress(tx, userId)
          if (next) await makeDefault(tx, userId, next.id)
        }
      })
      return {}
    }
  )

  userRoute(
    app,
    { method: 'POST', path: '/user.address/setDefault', input: idInput },
    async ({ input, userId }): Promise<AddressDetailResponse> => {
      const row = await app.db.transaction(async (tx) => {
        await lockUser(tx, userId)
        const current = await ownAddress(tx, userId, input.address_id)
        await makeDefault(tx, userId, current.id)
        return ownAddress(tx, userId, current.id)
      })
      return { detail: view(row) }
    }
  )
}
