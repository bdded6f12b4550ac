import { reaction } from 'mobx'

import { getConfig } from '@/api'
import { endSession, getUserDetail } from '@/api/user'
import { login, loginsSilently } from '@/platform/login'
import { loginRequired } from '@/platform/login-required'
import { loginByMobile } from '@/platform/mobile-login'
import { appStorage } from '@/platform/storage'

import { AppStore } from './app'
import { storesReady } from './ready'
import { SessionStore } from './session'
import { unreadStore } from './unread'

/** The app's store instances; observer components read them, stores never import pages. */
export const sessionStore = new SessionStore(appStorage, {
  login,
  loginByMobile,
  loginRequired,
  loginsSilently,
  endSession
})

export const appStore = new AppStore({ getConfig, getUserDetail }, sessionStore)

// The unread count (the tab bar's badge) belongs to the login it was read with, like the profile.
reaction(
  () => sessionStore.user_id,
  () => unreadStore.set(0)
)

storesReady.set()
