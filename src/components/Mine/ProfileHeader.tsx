import './ProfileHeader.scss'

import { Image, Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'

import { ErrorView } from '@/components/States'
import { navigateTo } from '@/navigation'
import { appStore, sessionStore } from '@/stores'

import { isLive } from './entries'

const levelText = (level: number) => (level > 0 ? `会员 Lv.${level}` : '普通用户')

/**
 * The logged-in user's avatar, nickname and member level (tap: edit the profile), or the login entry
 * for visitors. `compact` is the smaller header of pages/mine/mine.
 */
function ProfileHeader({ compact = false }: { compact?: boolean }) {
  const profile = appStore.profile
  const cls = `profile-head ${compact ? 'profile-head--compact' : ''}`
  if (!sessionStore.isLoggedIn) {
    return (
      <View className={cls}>
        <View className="profile-head__avatar profile-head__avatar--empty" />
        <View className="profile-head__who">
          <Text className="profile-head__nickname mine__nickname">您还未登录</Text>
          <View className="profile-head__login" onClick={() => sessionStore.login()}>
            登录 / 注册
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
          <Text className="profile-head__meta">加载中…</Text>
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
        <Text className="profile-head__nickname mine__nickname">{profile.nickname || '易学用户'}</Text>
        <View className="profile-head__tags">
          <Text className="profile-head__level">{levelText(profile.level)}</Text>
          <Text className="profile-head__meta">ID {profile.user_id}</Text>
        </View>
      </View>
      {isLive('pages/my/info') && <Text className="profile-head__edit">编辑资料 ›</Text>}
    </View>
  )
}

export default observer(ProfileHeader)
