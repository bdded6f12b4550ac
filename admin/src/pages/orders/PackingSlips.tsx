import type { AdminPackingSlips } from '@contract/admin'
import { Alert, Button, Modal, Skeleton } from 'antd'
import { useEffect, useState } from 'react'

import { api } from '../../api/client'
import { time } from '../../format'

/**
 * 发货单 of one or many orders, one per printed page: the console's print stylesheet (console.css) prints only
 * `.packing-slips`, so the menu and the dialog's frame stay off the paper.
 */
export function PackingSlipsModal({ ids, onClose }: { ids: number[]; onClose: () => void }) {
  const [slips, setSlips] = useState<AdminPackingSlips['list'] | null>(null)
  const [error, setError] = useState('')
  useEffect(() => {
    if (!ids.length) return
    setSlips(null)
    setError('')
    api.get<AdminPackingSlips>('/order/slips', { ids: ids.join(',') }).then(
      (r) => setSlips(r.list),
      (e: Error) => setError(e.message)
    )
  }, [ids])
  if (!ids.length) return null
  return (
    <Modal
      open
      width={760}
      title={`发货单（${ids.length} 个订单）`}
      onCancel={onClose}
      footer={[
        <Button key="close" onClick={onClose}>
          关闭
        </Button>,
        <Button key="print" type="primary" disabled={!slips?.length} onClick={() => window.print()}>
          打印
        </Button>
      ]}
    >
      {error ? (
        <Alert type="error" message={error} />
      ) : !slips ? (
        <Skeleton active />
      ) : (
        <div className="packing-slips">
          {slips.map((s) => (
            <section key={s.order_no} className="packing-slip">
              <h3>发货单</h3>
              <p>
                订单号：{s.order_no}　付款时间：{time(s.paid_at)}
              </p>
              <p>
                收货人：{s.receiver}　{s.mobile}
              </p>
              <p>地址：{s.address}</p>
              <table>
                <thead>
                  <tr>
                    <th>商品</th>
                    <th>规格</th>
                    <th>数量</th>
                  </tr>
                </thead>
                <tbody>
                  {s.items.map((i) => (
                    <tr key={`${i.name}-${i.spec_text}`}>
                      <td>{i.name}</td>
                      <td>{i.spec_text || '-'}</td>
                      <td>{i.quantity}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {s.remark && <p>买家留言：{s.remark}</p>}
              {s.merchant_remark && <p>商家备注：{s.merchant_remark}</p>}
            </section>
          ))}
        </div>
      )}
    </Modal>
  )
}
