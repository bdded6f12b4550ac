/**
 * Every business constant and limit of the product spec (sections 8 and 9) in one place.
 * Code that needs one of these numbers imports it from here instead of repeating it.
 */

// ---- app ----
export const APP_ID = 10001
export const APP_VERSION = '1.0.0'
export const APP_VERSION_CODE = 100

// ---- requests ----
export const REQUEST_TIMEOUT = 300000
/** Default time-out of the framework's own network and async APIs. */
export const FRAMEWORK_TIMEOUT = 60000
export const LOADING_TITLE = '加载中'
/** The generic `http` helper shows its loading indicator only when a call lasts this long. */
export const HTTP_HELPER_LOADING_DELAY = 800
export const HTTP_HELPER_METHOD: 'GET' | 'POST' = 'POST'

/** Envelope codes sent by the server. */
export const ENVELOPE = {
  SUCCESS: 1,
  ERROR: 0,
  INVALID_TOKEN: -9999,
  CLEAR_STORAGE: -1,
  NOTHING: 200
} as const

/** Failure codes (errno) of the framework's network APIs. */
export const FAILURE_CODE = {
  TIMEOUT: 5,
  REQUEST_NETWORK_ERROR: 5,
  TRANSFER_NETWORK_ERROR: 602001,
  ABORT: 600003
} as const

// ---- UI ----
export const TOAST_DURATION = 1500
export const REACH_BOTTOM_DISTANCE = 100
export const TAB_BAR = { height: 50, iconSize: 24, fontSize: 10 } as const
/** Pickers offer the current year plus or minus this many years. */
export const PICKER_YEAR_RANGE = 150
export const ASYNC_PAGE_LOAD_DELAY = 200
export const ASYNC_PAGE_LOAD_TIMEOUT = 60000

// ---- media and maps ----
export const IMAGE_CHOOSE_COUNT = 9
/** The error message of chooseImage when the user closes the picker: a cancel, not an error. */
export const CHOOSE_IMAGE_CANCEL = 'chooseImage:fail cancel'
export const IMAGE_PREVIEW_ZOOM = { min: 1, max: 4 } as const
export const MAP_ZOOM = { min: 5, max: 18, default: 16 } as const
export const LOCATION_REFRESH_INTERVAL = 30000
export const MAP_KEY_MISSING = 'Map key not configured.'

// ---- login ----
/** A failing WeChat OAuth login is retried at most this many times within the window, then it stops. */
export const OAUTH_MAX_ATTEMPTS = 3
export const OAUTH_ATTEMPT_WINDOW = 2 * 60 * 1000

// ---- routes the core needs to know ----
/** The page that shows an external http(s) address inside the app. */
export const WEB_VIEW_ROUTE = 'pages/web/web'

/**
 * The oldest WeChat base library the mini-program runs on, declared once (docs/mini-program.md): the privacy
 * consent it asks before the album or camera (`__usePrivacyCheck__`, the agreePrivacyAuthorization button) needs
 * 2.32.3, which also has every API the build calls (the headless run checks each against WeChat's typings).
 * Enter the same in the admin: 设置 → 基本设置 → 基础库最低版本设置.
 */
export const MIN_BASE_LIBRARY = '2.32.3'
