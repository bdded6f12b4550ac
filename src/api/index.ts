import type {
  CatalogueRequest,
  CatalogueResponse,
  ContractResponse,
  Empty,
  FeaturesResponse,
  HomeResponse,
  NavResponse,
  PageViewRequest,
  RuntimeConfig
} from '@contract'
import type { Locale } from '@contract/locale'

import { takeArrived } from '@/platform/prefetch'

import { request } from './http'

/** The icon grid of the home page. */
export const getNav = () => request<NavResponse>({ url: '/api/index/nav' })

const HOME_URL = '/api/index/index'

/** Banners, icon grid and sections of the home page: public, so asked at once, beside the launch's login. */
export const getHome = () => request<HomeResponse>({ url: HOME_URL, waitForLogin: false })

/** The home's data when src/index.html's early request has already brought it (H5), else undefined. */
export const arrivedHome = () => takeArrived<HomeResponse>(HOME_URL)

export const getContract = () => request<ContractResponse>({ url: '/api/index/contract' })

/** The features this client hides (渠道功能): public and silent, asked at launch beside the home. */
export const getFeatures = () =>
  request<FeaturesResponse>({ url: '/api/index/features', showLoading: false, showToast: false, waitForLogin: false })

/** A locale's catalogue of the app's strings (the mini-program's main package has zh-Hans only); public and silent. */
export const getCatalogue = (locale: Locale) =>
  request<CatalogueResponse>({
    url: '/api/index/catalogue',
    data: { locale } satisfies CatalogueRequest,
    showLoading: false,
    showToast: false,
    waitForLogin: false
  })

/** Public runtime configuration (WeChat app id, OAuth address, h5 url, map key); read silently. */
export const getConfig = () =>
  request<RuntimeConfig>({ url: '/api/index/config', showLoading: false, waitForLogin: false })

/** The page-view event sent each time the app is shown; silent, since the user did not ask for it. */
export const sendPageView = (path: string) =>
  request<Empty>({
    url: '/api/index/pageView',
    method: 'POST',
    data: { path: path.slice(0, 512) } satisfies PageViewRequest,
    showLoading: false,
    showToast: false
  })
