import '../../tools.scss'
import './index.scss'

import { Text, View } from '@tarojs/components'

import Page from '@/components/Page'
import { Empty } from '@/components/States'
import { useHiddenFeatures } from '@/hooks/useHiddenFeatures'
import { navigateTo } from '@/navigation'
import { liveToolGroups } from '@/tools/toolbox'

/**
 * tools/pages/index/index: every tool of the app as a grid; a tool appears once its page is live, unless this
 * client hides it (渠道功能).
 */
export default function Toolbox() {
  const hidden = useHiddenFeatures()
  const groups = liveToolGroups(hidden)
  // The share names only tools this client shows.
  const desc = groups
    .flatMap((group) => group.tools.map((tool) => tool.title))
    .slice(0, 6)
    .join('、')
  return (
    <Page share={{ title: '易学工具箱', desc: `${desc}，一站掌握` }}>
      {groups.length === 0 && <Empty text="工具正在准备中" />}
      {groups.map((group) => (
        <View key={group.title} className="tool-card toolbox__group">
          <Text className="tool-card__title">{group.title}</Text>
          <View className="toolbox__grid">
            {group.tools.map((tool) => (
              <View
                key={tool.path}
                className="toolbox__item"
                data-path={tool.path}
                onClick={() => void navigateTo(tool.path)}
              >
                <View className="toolbox__glyph">{tool.glyph}</View>
                <Text className="toolbox__name">{tool.title}</Text>
                <Text className="toolbox__desc">{tool.desc}</Text>
              </View>
            ))}
          </View>
        </View>
      ))}
    </Page>
  )
}
