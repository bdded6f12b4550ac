import { View } from '@tarojs/components'

/** One 爻 drawn as a bar: whole for yang, broken for yin. */
export default function LineBar({
  yang,
  moving = false,
  small = false
}: {
  yang: boolean
  moving?: boolean
  small?: boolean
}) {
  const cls = `line-bar ${small ? 'line-bar--small' : ''} ${moving ? 'line-bar--moving' : ''}`
  return (
    <View className={cls} data-yang={yang ? '1' : '0'}>
      {yang ? (
        <View className="line-bar__seg line-bar__seg--full" />
      ) : (
        [<View key="a" className="line-bar__seg" />, <View key="b" className="line-bar__seg" />]
      )}
    </View>
  )
}
