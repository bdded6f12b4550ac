import { sendPageView } from '@/api'
import { reportPageView, runLaunch } from '@/core/launch'
import { storeShownReferee } from '@/core/referee'

import { afterFirstPaint } from './after-paint'
import { openDebugConsole } from './debug'
import { currentUrl, insideWechat, launchQuery } from './env'
import { wechatLogin } from './login'
import { configureJsSdk } from './share'
import { appStorage } from './storage'

const log = (message: string, error?: unknown) => console.warn(message, error ?? '')

/** The app's launch (docs/spec.md §4), on either target: call once from the app's onLaunch. */
export function launchApp(query?: Record<string, unknown>): Promise<void> {
  return runLaunch({
    storage: appStorage,
    query: query ?? launchQuery(),
    currentUrl: currentUrl(),
    insideWechat: insideWechat(),
    openDebugConsole,
    wechatLogin,
    configureJsSdk,
    log
  })
}

/**
 * Each time the app is shown: a shared link that opened it keeps its referee_id, and a page-view
 * event is sent for the page shown, once the page has painted (a statistic: it need not go first).
 */
export async function appShown(path: string, query?: Record<string, unknown>): Promise<void> {
  storeShownReferee(appStorage, query)
  await afterFirstPaint()
  return reportPageView(path, sendPageView, log)
}
