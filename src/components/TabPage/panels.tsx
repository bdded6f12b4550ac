import { View } from '@tarojs/components'
import { TABS } from '../../routes'

function Plain({ tab }: { tab: number }) {
  return <View>{TABS[tab].title}</View>
}
export const PANELS = [Plain, Plain, Plain, Plain, Plain, Plain]
