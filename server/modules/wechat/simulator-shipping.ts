import type { DeliveryCompany, ShippingApi, ShippingInfo } from './wechat-shipping'

/** The simulator's carriers: the common ones, under the codes WeChat gives them. */
export const SIMULATOR_DELIVERY_COMPANIES: DeliveryCompany[] = [
  { deliveryId: 'SF', deliveryName: '顺丰速运' },
  { deliveryId: 'ZTO', deliveryName: '中通快递' },
  { deliveryId: 'YTO', deliveryName: '圆通速递' },
  { deliveryId: 'YD', deliveryName: '韵达快递' },
  { deliveryId: 'STO', deliveryName: '申通快递' },
  { deliveryId: 'JTSD', deliveryName: '极兔速递' },
  { deliveryId: 'EMS', deliveryName: 'EMS' },
  { deliveryId: 'YZPY', deliveryName: '邮政快递包裹' },
  { deliveryId: 'JD', deliveryName: '京东物流' },
  { deliveryId: 'DB', deliveryName: '德邦快递' }
]

export interface SimulatorShipping extends ShippingApi {
  /** What was uploaded in this process, oldest first (a trial run's record; nothing leaves the server). */
  readonly uploads: ShippingInfo[]
  jumpPath: string
}

/** Stands in for WeChat's 发货信息管理服务 without a mini-program: accepts every upload and keeps it. */
export function simulatorShipping(): SimulatorShipping {
  const uploads: ShippingInfo[] = []
  const sim: SimulatorShipping = {
    uploads,
    jumpPath: '',
    deliveryCompanies: async () => SIMULATOR_DELIVERY_COMPANIES.map((c) => ({ ...c })),
    async uploadShippingInfo(info) {
      uploads.push(info)
      if (uploads.length > 1000) uploads.shift()
      return { errcode: 0, errmsg: 'ok' }
    },
    async setMsgJumpPath(path) {
      sim.jumpPath = path
    }
  }
  return sim
}
