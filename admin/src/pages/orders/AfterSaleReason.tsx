import type { AfterSaleView } from '@contract/shop'
import { Image, Space } from 'antd'

/** The buyer's reason and their photos (凭证), small, each opening large; the links expire with the page. */
export function AfterSaleReason({ sale }: { sale: Pick<AfterSaleView, 'reason_text' | 'images'> }) {
  if (!sale.images.length) return <>{sale.reason_text}</>
  return (
    <Space direction="vertical" size={4}>
      <span>{sale.reason_text}</span>
      <Image.PreviewGroup>
        <Space size={4} wrap aria-label="售后凭证">
          {sale.images.map((src) => (
            <Image key={src} src={src} width={40} height={40} style={{ objectFit: 'cover' }} />
          ))}
        </Space>
      </Image.PreviewGroup>
    </Space>
  )
}
