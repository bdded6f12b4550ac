import type { DataCipher } from '../../core/data-key'
import { SEALED, sealValue } from '../../core/sealed-columns'
import type { OrderAddressSnapshot, shopAddresses, shopOrders } from '../../db/schema'
import { maskMobile } from '../user/profile'

/** Who receives and where, as typed: the part of an address that is personal data, sealed at rest. */
export interface Receiver {
  name: string
  mobile: string
  detail: string
}

const open = (cipher: DataCipher, stored: string, aad: string) => (stored ? cipher.open(stored, aad) : '')

/** An address book entry's receiver as stored (sealed). */
export const sealReceiver = (cipher: DataCipher, r: Receiver): Receiver => ({
  name: sealValue(cipher, r.name, SEALED.receiverName).value,
  mobile: sealValue(cipher, r.mobile, SEALED.mobile).value,
  detail: sealValue(cipher, r.detail, SEALED.addressDetail).value
})

type AddressRow = typeof shopAddresses.$inferSelect

/** An address book row with its receiver opened. */
export const openAddressRow = (cipher: DataCipher, r: AddressRow): AddressRow => ({
  ...r,
  name: open(cipher, r.name, SEALED.receiverName),
  mobile: open(cipher, r.mobile, SEALED.mobile),
  detail: open(cipher, r.detail, SEALED.addressDetail)
})

/** The columns an order's address is stored in: the region plain, the receiver sealed, name and number hashed. */
export function orderAddressColumns(cipher: DataCipher, a: OrderAddressSnapshot) {
  const name = sealValue(cipher, a.name, SEALED.receiverName)
  const mobile = sealValue(cipher, a.mobile, SEALED.mobile)
  return {
    address: { province: a.province, city: a.city, district: a.district },
    receiverName: name.value,
    receiverNameHash: name.hash,
    receiverMobile: mobile.value,
    receiverMobileHash: mobile.hash,
    receiverDetail: sealValue(cipher, a.detail, SEALED.addressDetail).value
  }
}

type OrderAddressRow = Pick<
  typeof shopOrders.$inferSelect,
  'address' | 'receiverName' | 'receiverMobile' | 'receiverDetail'
>

/** An order's address as the buyer and the console see it. */
export const orderAddress = (cipher: DataCipher, o: OrderAddressRow): OrderAddressSnapshot => ({
  name: open(cipher, o.receiverName, SEALED.receiverName),
  mobile: open(cipher, o.receiverMobile, SEALED.mobile),
  province: o.address.province,
  city: o.address.city,
  district: o.address.district,
  detail: open(cipher, o.receiverDetail, SEALED.addressDetail)
})

/** The keyed hashes the console finds an order's receiver by. */
export const receiverNameLookup = (cipher: DataCipher, name: string) => cipher.lookupHash(name, SEALED.receiverName)

/** A receiver as the audit log keeps it: enough to tell one from another (王* 139****9000), never the person. */
export const maskedReceiver = (r: Pick<Receiver, 'name' | 'mobile'>) =>
  `${[...r.name].slice(0, 1).join('')}${'*'.repeat(Math.max([...r.name].length - 1, 1))} ${maskMobile(r.mobile)}`
