import '../../components/Mine/account.scss'
import './info.scss'

import { Image, Input, Picker, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useEffect, useState } from 'react'

import { uploadImage } from '@/api/upload'
import { updateUserInfo } from '@/api/user'
import Page from '@/components/Page'
import { ErrorView, Loading } from '@/components/States'
import LoginRequired from '@/components/States/LoginRequired'
import { errorMessage } from '@/core/errors'
import { formatDate } from '@/core/format'
import { useUser } from '@/hooks/useUser'
import { chooseImages } from '@/platform/image'
import { appStore } from '@/stores'

import { GENDERS, type ProfileDraft, type ProfileErrors, validateProfile } from './info-rules'
import InfoMobile from './InfoMobile'

/** pages/my/info: avatar, nickname, gender, birthday and the bound mobile number. */
function Info() {
  const loggedIn = useUser('登录后编辑资料')
  const profile = appStore.profile
  const [draft, setDraft] = useState<ProfileDraft>({ nickname: '', gender: 0, birthday: '' })
  const [errors, setErrors] = useState<ProfileErrors & { form?: string }>({})
  const [saving, setSaving] = useState(false)
  const [uploading, setUploading] = useState(false)

  useEffect(() => {
    if (loggedIn) void appStore.loadProfile()
  }, [loggedIn])
  useEffect(() => {
    if (profile) setDraft({ nickname: profile.nickname, gender: profile.gender, birthday: profile.birthday })
  }, [profile])

  const changeAvatar = async () => {
    try {
      const [path] = await chooseImages(1)
      if (!path) return
      setUploading(true)
      const { url } = await uploadImage(path)
      await updateUserInfo({ avatar: url })
      await appStore.loadProfile()
      Taro.showToast({ title: '头像已更新', icon: 'success' })
    } catch (e) {
      setErrors({ form: `头像上传失败：${errorMessage(e)}` })
    } finally {
      setUploading(false)
    }
  }

  const save = async () => {
    const invalid = validateProfile(draft)
    setErrors(invalid)
    if (Object.keys(invalid).length) return
    setSaving(true)
    try {
      await updateUserInfo({
        nickname: draft.nickname.trim(),
        gender: draft.gender,
        ...(draft.birthday ? { birthday: draft.birthday } : {})
      })
      await appStore.loadProfile()
      Taro.showToast({ title: '资料已保存', icon: 'success' })
    } catch (e) {
      setErrors({ form: errorMessage(e) })
    } finally {
      setSaving(false)
    }
  }

  if (!loggedIn)
    return (
      <Page>
        <LoginRequired message="登录后才能编辑资料" />
      </Page>
    )
  if (!profile) {
    return (
      <Page>
        {appStore.profileError ? (
          <ErrorView message={appStore.profileError} onRetry={appStore.loadProfile} />
        ) : (
          <Loading />
        )}
      </Page>
    )
  }
  return (
    <Page>
      <View className="acct-card">
        <View className="acct-field info__avatar-row" onClick={changeAvatar}>
          <Text className="acct-field__label">头像</Text>
          <View className="info__avatar-side">
            {profile.avatar ? (
              <Image className="info__avatar" src={profile.avatar} mode="aspectFill" />
            ) : (
              <View className="info__avatar info__avatar--empty" />
            )}
            <Text className="info__link">{uploading ? '上传中…' : '更换 ›'}</Text>
          </View>
        </View>
        <View className="acct-field">
          <Text className="acct-field__label">昵称</Text>
          <Input
            className="acct-input info__nickname"
            maxlength={32}
            placeholder="请输入昵称"
            value={draft.nickname}
            onInput={(e) => setDraft({ ...draft, nickname: e.detail.value })}
          />
        </View>
        {errors.nickname && <Text className="acct-error info__error--nickname">{errors.nickname}</Text>}
        <Picker
          mode="selector"
          range={[...GENDERS]}
          value={draft.gender}
          onChange={(e) => setDraft({ ...draft, gender: Number(e.detail.value) as 0 | 1 | 2 })}
        >
          <View className="acct-field info__gender">
            <Text className="acct-field__label">性别</Text>
            <Text className="acct-field__value">{GENDERS[draft.gender]}</Text>
          </View>
        </Picker>
        <Picker
          mode="date"
          value={draft.birthday || '1990-01-01'}
          start="1850-01-01"
          end={formatDate(new Date())}
          onChange={(e) => setDraft({ ...draft, birthday: String(e.detail.value) })}
        >
          <View className="acct-field info__birthday">
            <Text className="acct-field__label">生日</Text>
            <Text className={`acct-field__value ${draft.birthday ? '' : 'acct-field__placeholder'}`}>
              {draft.birthday || '请选择生日'}
            </Text>
          </View>
        </Picker>
        {errors.birthday && <Text className="acct-error info__error--birthday">{errors.birthday}</Text>}
        {errors.form && <Text className="acct-error info__error--form">{errors.form}</Text>}
      </View>
      <View className={`acct-btn info__save ${saving ? 'info__save--busy' : ''}`} onClick={() => !saving && save()}>
        {saving ? '保存中…' : '保存资料'}
      </View>
      <InfoMobile />
    </Page>
  )
}

export default observer(Info)
