import './AddressForm.scss'

import type { Address, AddressAddRequest, RegionNode } from '@contract/shop'
import { Input, Picker, Switch, Text, Textarea, View } from '@tarojs/components'
import { useEffect, useMemo, useState } from 'react'

import { useFieldErrors } from '@/components/useFieldErrors'
import { errorMessage } from '@/core/errors'

import { type AddressErrors, type AddressField, validateAddress } from './address-rules'
import { afterColumnChange, columnsOf, indexesOf, loadRegions } from './regions'

interface Props {
  /** The address being edited; undefined for a new one. */
  initial?: Address
  submitText: string
  onSubmit: (form: AddressAddRequest) => Promise<unknown>
}

const EMPTY: AddressAddRequest = {
  name: '',
  mobile: '',
  province_code: '',
  city_code: '',
  district_code: '',
  detail: '',
  is_default: false
}

/** Receiver, mobile, province/city/district (from the server's region tree) and street; each wrong field says so. */
export default function AddressForm({ initial, submitText, onSubmit }: Props) {
  const [form, setForm] = useState<AddressAddRequest>(() =>
    initial
      ? {
          name: initial.name,
          mobile: initial.mobile,
          province_code: initial.province_code,
          city_code: initial.city_code,
          district_code: initial.district_code,
          detail: initial.detail,
          is_default: initial.is_default
        }
      : EMPTY
  )
  const [regionText, setRegionText] = useState(
    initial ? [initial.province, initial.city, initial.district].filter(Boolean).join(' ') : ''
  )
  const [tree, setTree] = useState<RegionNode[]>([])
  const [treeError, setTreeError] = useState('')
  const [indexes, setIndexes] = useState([0, 0, 0])
  const { errors, setErrors, edited } = useFieldErrors<AddressErrors>()
  const [saving, setSaving] = useState(false)

  useEffect(() => {
    loadRegions().then(
      (list) => {
        setTree(list)
        setIndexes(indexesOf(list, [form.province_code, form.city_code, form.district_code]))
      },
      (e) => setTreeError(`地区数据加载失败：${errorMessage(e)}`)
    )
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs only when these values change
  }, [])

  const set = (field: keyof AddressAddRequest, value: string | boolean) => {
    setForm((current) => ({ ...current, [field]: value }))
    edited(field as keyof AddressErrors)
  }
  // The picker is given names only: each column's nodes carry their whole subtree, which the mini-program would
  // send to its view on every column scroll (the province column alone is the whole country, ~130 KB).
  const columns = useMemo(
    () => columnsOf(tree, indexes).map((column) => column.map((node) => node.name)),
    [tree, indexes]
  )
  const chooseRegion = (chosen: number[]) => {
    const [provinces, cities, districts] = columnsOf(tree, chosen)
    const picked = [provinces[chosen[0]], cities[chosen[1]], districts[chosen[2]]]
    setIndexes(chosen)
    setForm((current) => ({
      ...current,
      province_code: picked[0]?.code ?? '',
      city_code: picked[1]?.code ?? '',
      district_code: picked[2]?.code ?? ''
    }))
    setRegionText(
      picked
        .filter(Boolean)
        .map((node) => node!.name)
        .join(' ')
    )
    edited('region')
  }
  const submit = async () => {
    const city = columnsOf(tree, indexesOf(tree, [form.province_code, form.city_code]))[1].find(
      (node) => node.code === form.city_code
    )
    const found = validateAddress(form, !!city?.children?.length)
    setErrors(found)
    if (Object.keys(found).length) return
    setSaving(true)
    try {
      await onSubmit({ ...form, name: form.name.trim(), mobile: form.mobile.trim(), detail: form.detail.trim() })
    } finally {
      setSaving(false)
    }
  }
  const error = (field: AddressField) =>
    errors[field] && <Text className={`address-form__error address-form__error--${field}`}>{errors[field]}</Text>

  return (
    <View className="address-form">
      <View className="address-form__card">
        <View className="address-form__row">
          <Text className="address-form__label">收货人</Text>
          <Input
            className="address-form__input address-form__name"
            value={form.name}
            maxlength={20}
            placeholder="收货人姓名"
            onInput={(e) => set('name', e.detail.value)}
          />
        </View>
        {error('name')}
        <View className="address-form__row">
          <Text className="address-form__label">手机号</Text>
          <Input
            className="address-form__input address-form__mobile"
            type="number"
            value={form.mobile}
            maxlength={11}
            placeholder="收货人手机号"
            onInput={(e) => set('mobile', e.detail.value)}
          />
        </View>
        {error('mobile')}
        <View className="address-form__row">
          <Text className="address-form__label">所在地区</Text>
          {tree.length ? (
            <Picker
              className="address-form__picker"
              mode="multiSelector"
              range={columns}
              value={indexes}
              onColumnChange={(e) => setIndexes(afterColumnChange(indexes, e.detail.column, e.detail.value))}
              onChange={(e) => chooseRegion(e.detail.value as number[])}
              onCancel={() => setIndexes(indexesOf(tree, [form.province_code, form.city_code, form.district_code]))}
            >
              <Text className={`address-form__region${regionText ? '' : ' address-form__placeholder'}`}>
                {regionText || '选择省 / 市 / 区县'}
              </Text>
            </Picker>
          ) : (
            <Text className="address-form__placeholder">{treeError || '地区加载中…'}</Text>
          )}
        </View>
        {error('region')}
        <View className="address-form__row address-form__row--top">
          <Text className="address-form__label">详细地址</Text>
          <Textarea
            className="address-form__textarea address-form__detail"
            value={form.detail}
            maxlength={120}
            autoHeight
            placeholder="街道、楼牌号等"
            onInput={(e) => set('detail', e.detail.value)}
          />
        </View>
        {error('detail')}
      </View>
      <View className="address-form__card address-form__row">
        <Text className="address-form__label address-form__label--wide">设为默认地址</Text>
        <Switch
          className="address-form__default"
          checked={!!form.is_default}
          color="#F57C00"
          onChange={(e) => set('is_default', e.detail.value)}
        />
      </View>
      <View
        className={`address-form__submit${saving ? ' address-form__submit--off' : ''}`}
        onClick={() => !saving && submit()}
      >
        {saving ? '保存中…' : submitText}
      </View>
    </View>
  )
}
