import './index.scss'

import { Text } from '@tarojs/components'

import { IOS_VIRTUAL_GOODS_NOTE } from '@/platform/virtual-goods'

/** Stands where a virtual good's purchase button would be, on a client that may not sell it. */
export default function VirtualGoodsNote({ className = '' }: { className?: string }) {
  return <Text className={`virtual-note ${className}`}>{IOS_VIRTUAL_GOODS_NOTE}</Text>
}
