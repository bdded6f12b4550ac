import './Price.scss'

import { Text } from '@tarojs/components'

import { formatFen } from '@/core/format'

interface Props {
  /** Fen. */
  value: number
  /** Fen: shown as a range 'min - max' when higher than value. */
  max?: number
  /** Crossed-out reference price, fen; hidden when 0 or not above the price. */
  line?: number
  size?: 'small' | 'large'
  className?: string
}

/** A price in the shop's red, optionally a range and a crossed-out reference price. */
export default function Price({ value, max, line, size = 'small', className = '' }: Props) {
  const text = max !== undefined && max > value ? `${formatFen(value)} - ${formatFen(max).slice(1)}` : formatFen(value)
  return (
    <Text className={`shop-price shop-price--${size} ${className}`}>
      <Text className="shop-price__now">{text}</Text>
      {!!line && line > (max ?? value) && <Text className="shop-price__line">{formatFen(line)}</Text>}
    </Text>
  )
}
