import type { AddressAddRequest } from '@contract/shop'

import { validateMobile } from '@/core/mobile-login'

export type AddressField = 'name' | 'mobile' | 'region' | 'detail'
export type AddressErrors = Partial<Record<AddressField, string>>

/** The limits the server holds addresses to (see the contract's Address). */
const NAME = { min: 2, max: 20 }
const DETAIL = { min: 5, max: 120 }
/**
 * Chinese characters (rare ones included), Latin letters, the middle dot of 阿卜杜·热合曼 and spaces, as the server allows.
 */
const NAME_CHARS = /^[\u3400-\u4DBF\u4E00-\u9FFF\uF900-\uFAFF\u{20000}-\u{3134F}A-Za-z·•.\s]+$/u

const length = (text: string) => Array.from(text.trim()).length

/** Every wrong field of an address form with a message naming it; {} when it can be sent. */
export function validateAddress(form: AddressAddRequest, districtRequired: boolean): AddressErrors {
  const errors: AddressErrors = {}
  const name = length(form.name)
  if (name === 0) errors.name = '请填写收货人姓名'
  else if (name < NAME.min || name > NAME.max) errors.name = `收货人姓名应为 ${NAME.min}-${NAME.max} 个字`
  else if (!NAME_CHARS.test(form.name.trim())) errors.name = '收货人姓名只能包含中文、英文字母和间隔号'
  const mobile = validateMobile(form.mobile)
  if (mobile) errors.mobile = mobile.replace('手机号', '收货人手机号')
  if (!form.province_code || !form.city_code || (districtRequired && !form.district_code))
    errors.region = '请选择所在地区（省、市、区县）'
  const detail = length(form.detail)
  if (detail === 0) errors.detail = '请填写详细地址'
  else if (detail < DETAIL.min || detail > DETAIL.max)
    errors.detail = `详细地址应为 ${DETAIL.min}-${DETAIL.max} 个字，请写明街道、门牌号`
  return errors
}
