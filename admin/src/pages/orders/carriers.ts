import type { AdminCarrier, AdminCarriersResponse } from '@contract/wechat-shipping'
import { useEffect, useState } from 'react'

import { api } from '../../api/client'

/** Typed by hand while WeChat's carrier list cannot be had (the server then takes any name). */
export const COMMON_CARRIERS = [
  '顺丰速运',
  '中通快递',
  '圆通速递',
  '韵达快递',
  '申通快递',
  '京东物流',
  'EMS',
  '极兔速递'
]

/** WeChat's carriers (get_delivery_list, kept by the server); [] until loaded or while WeChat is out of reach. */
export function useCarriers(enabled: boolean): { carriers: AdminCarrier[]; loaded: boolean } {
  const [carriers, setCarriers] = useState<AdminCarrier[]>([])
  const [loaded, setLoaded] = useState(false)
  useEffect(() => {
    if (!enabled || loaded) return
    let live = true
    api.get<AdminCarriersResponse>('/order/carriers').then(
      (r) => live && (setCarriers(r.list), setLoaded(true)),
      () => live && setLoaded(true)
    )
    return () => {
      live = false
    }
  }, [enabled, loaded])
  return { carriers, loaded }
}

/** The first parcel's carrier to start with: 顺丰速运 when WeChat has it. */
export function defaultCarrier(carriers: AdminCarrier[]): string {
  return carriers.find((c) => c.delivery_name === '顺丰速运')?.delivery_name ?? carriers[0]?.delivery_name ?? '顺丰速运'
}
