import './AfterSaleCard.scss'

import type { AfterSaleView, OrderDetail } from '@contract/shop'
import { Image, Input, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useState } from 'react'

import { cancelAfterSale, shipAfterSaleReturn } from '@/api/shop'
import { confirmed, reportFailure, toast } from '@/components/feedback'
import { formatFen } from '@/core/format'

/** One after-sale on the order's page: where it stands, the return address, the parcel form, withdrawing. */
export default function AfterSaleCard({ sale, onChange }: { sale: AfterSaleView; onChange: (o: OrderDetail) => void }) {
  const [company, setCompany] = useState('')
  const [no, setNo] = useState('')
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const act = async (call: () => Promise<{ detail: OrderDetail }>, done: string) => {
    setBusy(true)
    try {
      onChange((await call()).detail)
      toast(done)
    } catch (e) {
      reportFailure(e)
    } finally {
      setBusy(false)
    }
  }
  const ship = () => {
    if (!company.trim()) return setError('请填写快递公司')
    if (!/^[A-Za-z0-9-]{4,64}$/.test(no.trim())) return setError('请填写正确的快递单号（字母、数字和横线）')
    void act(
      () => shipAfterSaleReturn({ after_sale_id: sale.after_sale_id, company: company.trim(), no: no.trim() }),
      '已提交退货物流'
    )
  }
  const cancel = async () => {
    if (await confirmed('撤销申请', '撤销后可在售后期内重新申请，确定撤销吗？'))
      await act(() => cancelAfterSale({ after_sale_id: sale.after_sale_id }), '已撤销售后申请')
  }
  return (
    <View className="after-sale-card">
      <View className="after-sale-card__head">
        <Text className="after-sale-card__kind">
          {sale.kind_text}
          {sale.by_shop ? '（商家发起）' : ''} {formatFen(sale.amount)}
        </Text>
        <Text className="after-sale-card__status">{sale.status_text}</Text>
      </View>
      <Text className="after-sale-card__line">{sale.lines.map((l) => `${l.name} × ${l.quantity}`).join('，')}</Text>
      {sale.reason_text && <Text className="after-sale-card__line">原因：{sale.reason_text}</Text>}
      {sale.images.length > 0 && (
        <View className="after-sale-card__photos">
          {sale.images.map((url) => (
            <Image
              key={url}
              className="after-sale-card__photo"
              src={url}
              mode="aspectFill"
              onClick={() => Taro.previewImage({ current: url, urls: sale.images }).catch(() => undefined)}
            />
          ))}
        </View>
      )}
      {sale.reply && <Text className="after-sale-card__line">商家回复：{sale.reply}</Text>}
      {sale.return_address && (
        <View className="after-sale-card__address">
          <Text className="after-sale-card__line">退货地址：{sale.return_address}</Text>
          <Text
            className="after-sale-card__copy"
            onClick={() => Taro.setClipboardData({ data: sale.return_address }).catch(() => undefined)}
          >
            复制
          </Text>
        </View>
      )}
      {sale.return_no && (
        <Text className="after-sale-card__line">
          退货物流：{sale.return_company} {sale.return_no}
        </Text>
      )}
      {sale.can_ship_return && (
        <View className="after-sale-card__form">
          <Input
            className="after-sale-card__input"
            placeholder="快递公司，如 顺丰速运"
            value={company}
            maxlength={32}
            onInput={(e) => {
              setCompany(e.detail.value)
              setError('')
            }}
          />
          <Input
            className="after-sale-card__input"
            placeholder="快递单号"
            value={no}
            maxlength={64}
            onInput={(e) => {
              setNo(e.detail.value)
              setError('')
            }}
          />
          {error && <Text className="after-sale-card__error">{error}</Text>}
          <View className="after-sale-card__btn after-sale-card__btn--main" onClick={() => !busy && ship()}>
            提交退货物流
          </View>
        </View>
      )}
      {sale.can_cancel && (
        <View className="after-sale-card__btn after-sale-card__cancel" onClick={() => !busy && cancel()}>
          撤销申请
        </View>
      )}
    </View>
  )
}
