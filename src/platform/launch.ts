import { getFeatures, sendPageView } from '@/api'
import { loadFeatures, startFeatures } from '@/core/features'
import { reportPageView, runLaunch } from '@/core/launch'
import { storeShownReferee } from '@/core/referee'

import { afterFirstPaint } from './after-paint'
import { openDebugConsole } from './debug'
import { client, currentUrl, insideWechat, launchQuery } from './env'
import { keepFeatures, keptFeatures } from './feature-cache'
import { wechatLogin } from './login'
import { configureJsSdk } from './share'
import { appStorage } from './storage'

const log = (message: string, error?: unknown) => console.warn(message, error ?? '')

/**
 * The feature gate (渠道功能), in force before the first page draws: the last answer kept on the device, else the
 * client's default preset. The launch then asks the server (beside the home and the login).
 */
export function startFeatureGate(): void {
  startFeatures(client(), keptFeatures())
}

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
    log,
    referrerKnown: () => void loadFeatures(getFeatures, keepFeatures)
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
