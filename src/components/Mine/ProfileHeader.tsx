import './ProfileHeader.scss'

import { Image, Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'

import { ErrorView } from '@/components/States'
import { t } from '@/core/i18n'
import { useLocale } from '@/hooks/useLocale'
import { navigateTo } from '@/navigation'
import { appStore, sessionStore } from '@/stores'

import { isLive } from './entries'

const levelText = (level: number) => (level > 0 ? t('mine.member', { level }) : t('mine.ordinaryUser'))

/**
 * The logged-in user's avatar, nickname and member level (tap: edit the profile), or the login entry
 * for visitors. `compact` is the smaller header of pages/mine/mine.
 */
function ProfileHeader({ compact = false }: { compact?: boolean }) {
  useLocale()
  const profile = appStore.profile
  const cls = `profile-head ${compact ? 'profile-head--compact' : ''}`
  if (!sessionStore.isLoggedIn) {
    return (
      <View className={cls}>
        <View className="profile-head__avatar profile-head__avatar--empty" />
        <View className="profile-head__who">
          <Text className="profile-head__nickname mine__nickname">{t('mine.notLoggedIn')}</Text>
          <View className="profile-head__login" onClick={() => sessionStore.login()}>
            {t('mine.loginOrSignUp')}
          </View>
        </View>
      </View>
    )
  }
  if (!profile) {
    return (
      <View className={cls}>
        {appStore.profileError ? (
          <ErrorView message={appStore.profileError} onRetry={appStore.loadProfile} />
        ) : (
          <Text className="profile-head__meta">{t('common.loadingMore')}</Text>
        )}
      </View>
    )
  }
  const edit = () => isLive('pages/my/info') && navigateTo('/pages/my/info')
  return (
    <View className={cls} onClick={edit}>
      {profile.avatar ? (
        <Image className="profile-head__avatar" src={profile.avatar} mode="aspectFill" />
      ) : (
        <View className="profile-head__avatar profile-head__avatar--letter">
          {(profile.nickname || '易').slice(0, 1)}
        </View>
      )}
      <View className="profile-head__who">
        <Text className="profile-head__nickname mine__nickname">{profile.nickname || t('mine.defaultNickname')}</Text>
        <View className="profile-head__tags">
          <Text className="profile-head__level">{levelText(profile.level)}</Text>
          <Text className="profile-head__meta">{t('mine.userId', { id: profile.user_id })}</Text>
        </View>
      </View>
      {isLive('pages/my/info') && <Text className="profile-head__edit">{t('mine.editProfile')}</Text>}
    </View>
  )
}

export default observer(ProfileHeader)
