import { switchTab } from '@/navigation'
import { Box, Label, MiniButton } from '@/platform/plain'

/**
 * What a page of a feature this client does not offer (渠道功能, contract/features.ts) shows instead: a plain
 * word and the way on, never an error or a dead end. Styled in ./index.scss, so every page carries it without
 * pulling the list states' styles into the first page.
 */
export default function FeatureUnavailable() {
  return (
    <Box className="feature-off" role="status">
      <Label className="feature-off__title">此功能不在当前版本中提供</Label>
      <Label className="feature-off__text">去看看课程、文章和老黄历吧</Label>
      <MiniButton className="feature-off__home" onClick={() => switchTab(0)}>
        返回首页
      </MiniButton>
    </Box>
  )
}
