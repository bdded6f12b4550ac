import {
  DEFAULT_TITLE,
  HOME,
  HOST_PRELOAD,
  LIVE_ROUTES,
  packageOf,
  PRELOAD,
  SUBPACKAGE_ROOTS,
  TABS
} from '@contract/routes'

import { FRAMEWORK_TIMEOUT } from './core/constants'
import { COLORS } from './theme'

// Everything below is derived from the route table in routes.ts.
const pagesOf = (root: string) =>
  LIVE_ROUTES.filter((route) => packageOf(route.path) === root).map((route) => route.path)

const mainPages = [HOME, ...pagesOf('main').filter((path) => path !== HOME)]

const subPackages = SUBPACKAGE_ROOTS.map((root) => ({
  root,
  pages: pagesOf(root).map((path) => path.slice(root.length + 1))
})).filter((pkg) => pkg.pages.length > 0)

const preloadRule = Object.fromEntries(
  [PRELOAD, HOST_PRELOAD]
    .map((rule) => ({
      ...rule,
      packages: rule.packages.filter((root) => subPackages.some((pkg) => pkg.root === root))
    }))
    .filter((rule) => rule.packages.length > 0)
    .map(({ page, network, packages }) => [page, { network, packages }])
)

export default defineAppConfig({
  pages: mainPages,
  subPackages,
  preloadRule: Object.keys(preloadRule).length ? preloadRule : undefined,
  window: {
    // Our own NavBar on every page (docs/spec.md §2: a custom navigation bar with a title).
    navigationStyle: 'custom',
    navigationBarTitleText: DEFAULT_TITLE,
    navigationBarTextStyle: 'black',
    navigationBarBackgroundColor: '#FFFFFF',
    backgroundColor: COLORS.background,
    backgroundTextStyle: 'dark'
  },
  // Spec 9: the framework's own network APIs time out after 60 s (our request wrapper sets its 300 s per call).
  networkTimeout: {
    request: FRAMEWORK_TIMEOUT,
    connectSocket: FRAMEWORK_TIMEOUT,
    uploadFile: FRAMEWORK_TIMEOUT,
    downloadFile: FRAMEWORK_TIMEOUT
  },
  // Six tabs: WeChat and Taro's own H5 bar accept 2..5, so the bar is ours on both targets.
  // On H5 the list (with custom: true, which skips Taro's bar) still gives the router its
  // switchTab semantics: tab pages are kept alive and hidden, sub-pages close on a switch.
  tabBar:
    process.env.TARO_ENV === 'h5'
      ? {
          custom: true,
          color: COLORS.tabText,
          selectedColor: COLORS.primary,
          backgroundColor: '#FFFFFF',
          list: TABS.map((route) => ({ pagePath: route.path, text: route.title }))
        }
      : undefined,
  // Mini-program: privacy APIs (album, camera, location) wait for the user's consent, which our own
  // popup asks for (src/platform/privacy.weapp.ts, src/platform/PrivacySheet.weapp.tsx).
  ...(process.env.TARO_ENV === 'weapp' ? { __usePrivacyCheck__: true } : {}),
  // Mini-program: a page's custom components are run when it first draws them, not all at launch; a page opened
  // from a 朋友圈 share (单页模式) starts below WeChat's own bar, ours hidden (src/components/NavBar).
  ...(process.env.TARO_ENV === 'weapp'
    ? { lazyCodeLoading: 'requiredComponents', singlePage: { navigationBarFit: 'squeezed' } }
    : {}),
  // H5 only: pages switch without Taro's slide animation.
  ...(process.env.TARO_ENV === 'h5' ? { animation: false } : {})
})
