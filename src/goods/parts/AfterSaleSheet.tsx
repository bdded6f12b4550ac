import './AfterSaleSheet.scss'

import type { UploadImageResponse } from '@contract'
import {
  AFTER_SALE_MAX_IMAGES,
  type AfterSaleKind,
  type AfterSalePreviewResponse,
  type OrderDetail
} from '@contract/shop'
import { Input, Text, Textarea, View } from '@tarojs/components'
import { useEffect, useState } from 'react'

import { applyAfterSale, getAfterSalePreview, getAfterSaleQuote } from '@/api/shop'
import { reportFailure } from '@/components/feedback'
import PhotoPicker from '@/components/PhotoPicker'
import { Loading } from '@/components/States'
import { formatFen } from '@/core/format'

import { afterSaleError, toFen } from './after-sale-form'

interface Props {
  orderId: number
  onDone: (order: OrderDetail) => void
  onClose: () => void
}

const KINDS: Record<AfterSaleKind, { name: string; hint: string }> = {
  refund: { name: '仅退款', hint: '未收到货，或与商家协商不退货' },
  return: { name: '退货退款', hint: '已收到货，需要寄回商品' }
}

/**
 * 申请售后: 仅退款 or 退货退款, which units (all by default), how much (the server's quote, or less), why. What may be
 * asked for comes from the server, so the sheet never offers what it would refuse.
 */
export default function AfterSaleSheet({ orderId, onDone, onClose }: Props) {
  const [preview, setPreview] = useState<AfterSalePreviewResponse>()
  const [loadError, setLoadError] = useState('')
  const [kind, setKind] = useState<AfterSaleKind>('refund')
  const [units, setUnits] = useState<Record<number, number>>({})
  const [max, setMax] = useState<number>()
  const [amount, setAmount] = useState('')
  const [reason, setReason] = useState('')
  const [description, setDescription] = useState('')
  const [photos, setPhotos] = useState<UploadImageResponse[]>([])
  const [error, setError] = useState('')
  const [sending, setSending] = useState(false)

  useEffect(() => {
    getAfterSalePreview(orderId).then(
      (p) => {
        setPreview(p)
        setUnits(Object.fromEntries(p.items.map((i) => [i.item_id, i.refundable_quantity])))
        setMax(p.max_amount)
        setAmount((p.max_amount / 100).toFixed(2))
      },
      (e: Error) => setLoadError(e.message)
    )
  }, [orderId])

  const lines = Object.entries(units)
    .filter(([, q]) => q > 0)
    .map(([id, q]) => ({ item_id: Number(id), quantity: q }))
  const linesKey = lines.map((l) => `${l.item_id}:${l.quantity}`).join(',')
  useEffect(() => {
    if (!preview || !linesKey) return
    let live = true
    getAfterSaleQuote(orderId, linesKey).then(
      (q) => {
        if (!live) return
        setMax(q.max_amount)
        setAmount((q.max_amount / 100).toFixed(2))
      },
      (e: Error) => live && setError(e.message)
    )
    return () => {
      live = false
    }
  }, [orderId, preview, linesKey])

  const step = (id: number, by: number, most: number) => {
    setUnits((u) => ({ ...u, [id]: Math.max(0, Math.min(most, (u[id] ?? 0) + by)) }))
    setError('')
  }
  const submit = async () => {
    const invalid = afterSaleError({ lines: lines.length, reason, description, amount, max: max ?? 0 })
    if (invalid) return setError(invalid)
    setSending(true)
    try {
      const { detail } = await applyAfterSale({
        order_id: orderId,
        kind,
        lines,
        amount: toFen(amount),
        reason,
        description: description.trim(),
        image_file_ids: photos.map((p) => p.file_id)
      })
      onDone(detail)
    } catch (e) {
      reportFailure(e)
    } finally {
      setSending(false)
    }
  }

  return (
    <View className="after-sale-sheet" role="dialog" aria-label="申请售后">
      <View className="after-sale-sheet__mask" onClick={onClose} />
      <View className="after-sale-sheet__panel">
        <Text className="after-sale-sheet__title">申请售后</Text>
        {!preview ? (
          loadError ? (
            <Text className="after-sale-sheet__error">{loadError}</Text>
          ) : (
            <Loading />
          )
        ) : preview.blocked ? (
          <Text className="after-sale-sheet__error">{preview.blocked}</Text>
        ) : (
          <View className="after-sale-sheet__body">
            <Text className="after-sale-sheet__label">售后类型</Text>
            <View className="after-sale-sheet__kinds">
              {preview.kinds.map((k) => (
                <View
                  key={k}
                  className={`after-sale-sheet__kind${kind === k ? ' after-sale-sheet__kind--on' : ''}`}
                  onClick={() => setKind(k)}
                >
                  <Text className="after-sale-sheet__kind-name">{KINDS[k].name}</Text>
                  <Text className="after-sale-sheet__kind-hint">{KINDS[k].hint}</Text>
                </View>
              ))}
            </View>
            <Text className="after-sale-sheet__label">退哪些商品</Text>
            {preview.items.map((i) => (
              <View key={i.item_id} className="after-sale-sheet__item">
                <Text className="after-sale-sheet__item-name">
                  {i.name}
                  {i.spec_text ? ` ${i.spec_text}` : ''}
                </Text>
                <View className="after-sale-sheet__stepper">
                  <Text
                    className="after-sale-sheet__step after-sale-sheet__minus"
                    onClick={() => step(i.item_id, -1, i.refundable_quantity)}
                  >
                    -
                  </Text>
                  <Text className="after-sale-sheet__qty">{units[i.item_id] ?? 0}</Text>
                  <Text
                    className="after-sale-sheet__step after-sale-sheet__plus"
                    onClick={() => step(i.item_id, 1, i.refundable_quantity)}
                  >
                    +
                  </Text>
                </View>
              </View>
            ))}
            <View className="after-sale-sheet__amount">
              <Text>退款金额 ¥</Text>
              <Input
                className="after-sale-sheet__amount-input"
                type="digit"
                value={amount}
                onInput={(e) => {
                  setAmount(e.detail.value)
                  setError('')
                }}
              />
            </View>
            {max !== undefined && <Text className="after-sale-sheet__hint">最多可退 {formatFen(max)}</Text>}
            <Text className="after-sale-sheet__label">退款原因</Text>
            <View className="after-sale-sheet__reasons">
              {preview.reasons.map((item) => (
                <Text
                  key={item}
                  className={`after-sale-sheet__reason${reason === item ? ' after-sale-sheet__reason--on' : ''}`}
                  onClick={() => {
                    setReason(item)
                    setError('')
                  }}
                >
                  {item}
                </Text>
              ))}
            </View>
            <Textarea
              className="after-sale-sheet__text"
              value={description}
              maxlength={200}
              placeholder={reason === '其他' ? '请写明问题（2-200 字）' : '补充描述（选填）'}
              onInput={(e) => {
                setDescription(e.detail.value)
                setError('')
              }}
            />
            <Text className="after-sale-sheet__label">上传凭证（选填，最多 {AFTER_SALE_MAX_IMAGES} 张）</Text>
            <PhotoPicker
              value={photos}
              max={AFTER_SALE_MAX_IMAGES}
              onChange={(next) => {
                setPhotos(next)
                setError('')
              }}
              onError={(m) => setError(`凭证${m}`)}
            />
          </View>
        )}
        {error && <Text className="after-sale-sheet__error">{error}</Text>}
        <View className="after-sale-sheet__buttons">
          <View className="after-sale-sheet__btn after-sale-sheet__btn--cancel" onClick={onClose}>
            取消
          </View>
          {preview && !preview.blocked && (
            <View className="after-sale-sheet__btn after-sale-sheet__btn--submit" onClick={() => !sending && submit()}>
              {sending ? '提交中…' : '提交申请'}
            </View>
          )}
        </View>
      </View>
    </View>
  )
}
