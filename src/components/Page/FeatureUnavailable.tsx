import { t } from '@/core/i18n'
import { useLocale } from '@/hooks/useLocale'
import { switchTab } from '@/navigation'
import { Box, Label, MiniButton } from '@/platform/plain'

/**
 * What a page of a feature this client does not offer (渠道功能, contract/features.ts) shows instead: a plain
 * word and the way on, never an error or a dead end. Styled in ./index.scss, so every page carries it without
 * pulling the list states' styles into the first page.
 */
export default function FeatureUnavailable() {
  useLocale()
  return (
    <Box className="feature-off" role="status">
      <Label className="feature-off__title">{t('states.featureOffTitle')}</Label>
      <Label className="feature-off__text">{t('states.featureOffText')}</Label>
      <MiniButton className="feature-off__home" onClick={() => switchTab(0)}>
        {t('common.backHome')}
      </MiniButton>
    </Box>
  )
}
