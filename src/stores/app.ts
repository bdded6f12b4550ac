import type { RuntimeConfig, UserDetailResponse, UserProfile } from '@contract'
import { makeAutoObservable, reaction } from 'mobx'

import { errorMessage } from '@/core/errors'
import { t } from '@/core/i18n'

import type { SessionStore } from './session'

export interface AppApi {
  getConfig(): Promise<RuntimeConfig>
  getUserDetail(): Promise<UserDetailResponse>
}

/** The app-wide data: runtime configuration from the server and the logged-in user's profile. */
export class AppStore {
  config: RuntimeConfig | undefined = undefined
  configError = ''
  profile: UserProfile | undefined = undefined
  profileLoading = false
  profileError = ''
  private configLoad: Promise<RuntimeConfig | undefined> | undefined = undefined

  constructor(
    private readonly api: AppApi,
    private readonly session: SessionStore
  ) {
    makeAutoObservable<AppStore, 'api' | 'session' | 'configLoad'>(
      this,
      { api: false, session: false, configLoad: false },
      { autoBind: true }
    )
    // Another user's profile must never stay on screen: it goes with the login it belongs to.
    reaction(
      () => this.session.user_id,
      () => this.clearProfile()
    )
  }

  /** Loads the configuration once; a failed load may be retried by calling again. */
  loadConfig(): Promise<RuntimeConfig | undefined> {
    if (!this.configLoad) {
      this.configLoad = this.api.getConfig().then(
        (config) => {
          this.setConfig(config)
          return config
        },
        (error) => {
          this.setConfigError(errorMessage(error, t('errors.configFailed')))
          this.configLoad = undefined
          return undefined
        }
      )
    }
    return this.configLoad
  }

  /** Loads the profile of the logged-in user; visitors have none. */
  async loadProfile(): Promise<UserProfile | undefined> {
    if (!this.session.isLoggedIn) {
      this.clearProfile()
      return undefined
    }
    this.profileLoading = true
    this.profileError = ''
    try {
      const { user } = await this.api.getUserDetail()
      this.setProfile(user)
      return user
    } catch (error) {
      this.setProfileError(errorMessage(error, t('errors.profileFailed')))
      return undefined
    }
  }

  private setConfig(config: RuntimeConfig): void {
    this.config = config
    this.configError = ''
  }

  private setConfigError(message: string): void {
    this.configError = message
  }

  private setProfile(user: UserProfile): void {
    this.profile = user
    this.profileLoading = false
  }

  private setProfileError(message: string): void {
    this.profileError = message
    this.profileLoading = false
  }

  private clearProfile(): void {
    this.profile = undefined
    this.profileError = ''
  }
}
