import { Text } from '@tarojs/components'

/** 1..5 stars as text (★★★☆☆), with the count for screen readers. */
export default function Stars({ count }: { count: number }) {
  return (
    <Text className="daily__stars" aria-label={`${count}星`}>
      {'★'.repeat(count)}
      {'☆'.repeat(5 - count)}
    </Text>
  )
}
