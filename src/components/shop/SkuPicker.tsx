import './SkuPicker.scss'

import type { ProductDetail, ProductSku } from '@contract/shop'
import { Image, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useEffect, useState } from 'react'

import Price from './Price'
import {
  clampQuantity,
  initialChoice,
  maxQuantity,
  missingSpecs,
  skuOf,
  type SpecChoice,
  toggleValue,
  valueSelectable
} from './sku'
import Stepper from './Stepper'

export type SkuAction = 'cart' | 'buy'

interface Props {
  detail: ProductDetail
  /** Which button the sheet offers; undefined: closed. */
  action: SkuAction | undefined
  onClose: () => void
  onConfirm: (sku: ProductSku, quantity: number, action: SkuAction) => void
  /** The choice shown on the detail page ('已选 8寸 / 红木 ×2'). */
  onChoice?: (text: string) => void
}

const say = (message: string) => Taro.showToast({ title: message, icon: 'none' })

/**
 * The SKU sheet: one value per spec (values no available SKU has are disabled), stock of the SKU, quantity within its
 * limits.
 */
export default function SkuPicker({ detail, action, onClose, onConfirm, onChoice }: Props) {
  const [choice, setChoice] = useState<SpecChoice>(() => initialChoice(detail))
  const [quantity, setQuantity] = useState(1)
  const sku = skuOf(detail, choice)
  const max = maxQuantity(sku, detail.max_buy)
  const shown = clampQuantity(quantity, max)

  useEffect(() => {
    onChoice?.(sku ? `${sku.spec_text || '默认'} ×${shown || 1}` : `请选择 ${missingSpecs(detail, choice).join(' ')}`)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs only when these values change
  }, [sku, shown])

  if (!action) return null

  const maxMessage =
    sku && detail.max_buy > 0 && detail.max_buy < sku.stock ? `每单限购 ${detail.max_buy} 件` : `库存仅剩 ${max} 件`
  const confirm = () => {
    const missing = missingSpecs(detail, choice)
    if (missing.length) return say(`请选择 ${missing.join('、')}`)
    if (!sku) return say('该规格不存在')
    if (!detail.on_shelf || !sku.on_shelf) return say('该规格已下架')
    if (max <= 0) return say('该规格已售罄')
    onConfirm(sku, shown, action)
  }

  return (
    <View className="sku-picker" role="dialog" aria-label="选择规格">
      <View className="sku-picker__mask" onClick={onClose} />
      <View className="sku-picker__panel">
        <View className="sku-picker__head">
          <Image className="sku-picker__image" src={sku?.image || detail.images[0] || detail.image} mode="aspectFill" />
          <View className="sku-picker__info">
            {sku ? (
              <Price value={sku.price} size="large" />
            ) : (
              <Price value={detail.price_min} max={detail.price_max} size="large" />
            )}
            <Text className="sku-picker__stock">
              {sku
                ? sku.available
                  ? `库存 ${sku.stock} 件`
                  : sku.on_shelf
                    ? '已售罄'
                    : '已下架'
                : `库存 ${detail.stock} 件`}
            </Text>
            <Text className="sku-picker__chosen">
              {sku ? `已选 ${sku.spec_text || '默认规格'}` : `请选择 ${missingSpecs(detail, choice).join(' ')}`}
            </Text>
          </View>
          <Text className="sku-picker__close" onClick={onClose}>
            ×
          </Text>
        </View>
        {detail.specs.map((spec, index) => (
          <View key={spec.name} className="sku-picker__spec">
            <Text className="sku-picker__spec-name">{spec.name}</Text>
            <View className="sku-picker__values">
              {spec.values.map((value) => {
                const enabled = valueSelectable(detail, choice, index, value)
                const on = choice[index] === value
                return (
                  <Text
                    key={value}
                    className={
                      `sku-picker__value${on ? ' sku-picker__value--on' : ''}` +
                      `${enabled ? '' : ' sku-picker__value--off'}`
                    }
                    onClick={() =>
                      enabled || on
                        ? setChoice(toggleValue(choice, index, value))
                        : say(`${spec.name}「${value}」已售罄`)
                    }
                  >
                    {value}
                  </Text>
                )
              })}
            </View>
          </View>
        ))}
        <View className="sku-picker__quantity">
          <Text className="sku-picker__spec-name">
            购买数量{detail.max_buy > 0 ? `（每单限购 ${detail.max_buy} 件）` : ''}
          </Text>
          <Stepper
            value={shown || 1}
            max={max}
            disabled={max <= 0}
            onChange={setQuantity}
            maxMessage={maxMessage}
            onLimit={say}
          />
        </View>
        <View className={`sku-picker__confirm${max > 0 ? '' : ' sku-picker__confirm--off'}`} onClick={confirm}>
          {max > 0 || !sku ? (action === 'cart' ? '加入购物车' : '立即购买') : sku.on_shelf ? '已售罄' : '已下架'}
        </View>
      </View>
    </View>
  )
}
