/**
 * THE route table: every route of the product spec (docs/spec.md §2), its package, title and tab index.
 * app.config.ts, the tab bar, navigation, the server and the tests all read it.
 *
 * Which paths the spec fixes: every path in ROUTES except EXTRA_ROUTES is the spec's, to the letter (file
 * names, odd spellings such as pages/majorService/majorService included; tests/fixtures/spec-routes.ts
 * holds the spec's list and tests/unit/routes.test.ts compares). EXTRA_ROUTES are ours and may change.
 *
 * `live: false` marks a spec route whose screen is not built yet: it stays in the table (so the
 * spec list is checked) but is left out of the app config until its page exists. Every route is live
 * unless it says otherwise (the table ships in the mini-program's main package: no flag it need not carry).
 */
export interface Route {
  /** Page path without a leading slash, e.g. 'pages/my/my'. */
  path: string
  /** Chinese navigation-bar title. */
  title: string
  /** Index in the bottom tab bar (0..5) for the six tab pages. */
  tab?: number
  /** Pull-down refresh on the page. */
  refresh?: boolean
  /** onReachBottomDistance in px. */
  reachBottom?: number
  live: boolean
  /** The feature of contract/features.ts this page belongs to: hidden where a client hides it (渠道功能). */
  feature?: string
}

/** Subpackage roots (mini-program). Everything else is in the main package. */
export const SUBPACKAGE_ROOTS = [
  'pages/tools',
  'goods',
  'live',
  'tools',
  'certificate',
  'association',
  'activity',
  'teacher',
  'calculation',
  'pages/bazi',
  'pages/qmdj',
  // The invitation poster brings its QR encoder: kept out of the main package.
  'pages/invite',
  // Pages a launch never needs (paths unchanged). The six tab panels live in the page that hosts them
  // (the launch page), so a tab route such as pages/my/my can sit in a subpackage, as the shop's does.
  'pages/my',
  'pages/course',
  'pages/mine',
  'pages/article',
  'pages/about',
  'pages/activity',
  'pages/plusExam',
  'pages/examination',
  'pages/majorPlan',
  'pages/book',
  'pages/question'
] as const

/** The home page pages/index/index preloads the pages/tools package on any network (docs/spec.md §2). */
export const PRELOAD = { page: 'pages/index/index', packages: ['pages/tools'], network: 'all' as const }

export const HOME = 'pages/v2index/index'
/** The launch page (host of the six tabs) fetches, on Wi-Fi, the packages its 我的 and 课程 panels open. */
export const HOST_PRELOAD = { page: HOME, packages: ['pages/my', 'pages/course'], network: 'wifi' as const }
export const DEFAULT_TITLE = '易学'
/** The app's own page for an address that matches no route. */
export const NOT_FOUND = 'pages/notFound/notFound'
/** The 紫微斗数 plate of a birth (beside the bazi chart, in its subpackage). */
export const ZIWEI = 'pages/bazi/ziwei'
/** 八字合婚: two births read against each other. */
export const HEHUN = 'pages/bazi/hehun'
/** 消息中心 (站内信): what the notification service told the user, in the pages/my subpackage. */
export const MESSAGES = 'pages/my/message'
/** Routes of ours beyond the spec's list. */
export const EXTRA_ROUTES = [NOT_FOUND, ZIWEI, HEHUN, MESSAGES]

const r = (path: string, title: string, extra: Partial<Route> = {}): Route => ({ path, title, live: true, ...extra })
/** A page of one list: pulled down it reloads, near its end (100px) it loads more. Spread, never changed. */
const LIST: Partial<Route> = { refresh: true, reachBottom: 100 }
/** A page that reloads when pulled down. */
const REFRESH: Partial<Route> = { refresh: true }
const tab = (index: number, path: string, title: string, extra: Partial<Route> = {}): Route =>
  r(path, title, { tab: index, ...LIST, ...extra })

export const ROUTES: Route[] = [
  // Bottom tabs (index 0..5). Tab 0 is also the app's entry, at '#/'.
  tab(0, HOME, '首页'),
  tab(1, 'pages/majorService/majorService', '服务'),
  tab(2, 'pages/course/index', '课程'),
  tab(3, 'pages/certificate/certificate', '证书'),
  tab(4, 'goods/pages/goods/list', '商城'),
  tab(5, 'pages/my/my', '我的'),

  // Main pages
  r('pages/index/index', '首页', REFRESH),
  r('pages/mine/mine', '个人中心', REFRESH),
  r('pages/mine/friend', '推荐好友', LIST),
  r('pages/my/commission', '收支明细', LIST),
  r('pages/my/info', '编辑资料'),
  r('pages/my/online', '线上课程订单', LIST),
  r('pages/my/offline', '线下关注', LIST),
  r('pages/my/certificate', '证书报名', LIST),
  r('pages/my/activity', '活动报名', LIST),
  r('pages/my/service', '服务订单', LIST),
  r('pages/my/follow', '我的关注', LIST),
  r('pages/my/wallet', '我的钱包', LIST),
  r('pages/my/union', '协会入会申请'),
  r('pages/my/easyApply', '快速入会'),
  r('pages/my/report', '我的报告', { refresh: true, feature: 'report' }),
  r('pages/my/myCoupon', '我的优惠券', REFRESH),
  // Not a spec route: the in-app messages (站内信).
  r(MESSAGES, '消息中心', LIST),
  r('pages/question/question', '答题'),
  r('pages/bazi/bazi', '八字排盘', { feature: 'bazi' }),
  r('pages/bazi/plate', '八字命盘', { feature: 'bazi' }),
  r('pages/bazi/list', '八字档案', { refresh: true, feature: 'bazi' }),
  r('pages/bazi/components/index/aiAnalysis/index', 'AI 八字解读', { feature: 'ai' }),
  // Not spec routes: the 紫微斗数 plate of the same birth as a bazi chart, and 八字合婚.
  r(ZIWEI, '紫微斗数', { feature: 'bazi' }),
  r(HEHUN, '八字合婚', { feature: 'hehun' }),
  r('pages/qmdj/paipan', '奇门遁甲排盘', { feature: 'qimen' }),
  r('pages/qmdj/detail', '奇门盘', { feature: 'qimen' }),
  r('pages/book/list', '古籍参考', { feature: 'book' }),
  r('pages/web/web', '网页'),
  // Not a spec route: where an unknown address lands (both targets), with the way home.
  r(NOT_FOUND, '页面不存在'),
  r('pages/course/list', '课程列表', LIST),
  r('pages/course/detail', '课程详情'),
  r('pages/course/detailService', '服务详情', { feature: 'service' }),
  r('pages/article/list', '文章', LIST),
  r('pages/article/detail', '文章详情', REFRESH),
  r('pages/article/article', '我的文章', LIST),
  r('pages/article/publish', '发布文章'),
  r('pages/about/about', '关于我们'),
  r('pages/about/contract', '用户协议', REFRESH),
  r('pages/invite/invite', '邀请函'),
  r('pages/activity/activity', '活动', LIST),
  r('pages/activity/success', '报名成功'),
  r('pages/pay/pay', '支付结果'),
  r('pages/text/text', '详情', { reachBottom: 100 }),
  r('pages/plusExam/plusExam', '考试'),
  r('pages/plusExam/fail', '考试未通过'),
  r('pages/plusExam/succ', '考试通过'),
  r('pages/examination/ranking', '成绩排行'),
  r('pages/examination/selected', '选择题库'),
  r('pages/examination/examination', '考试'),
  r('pages/examination/score', '考试成绩'),
  r('pages/majorPlan/majorPlan', '专业规划', { feature: 'service' }),
  r('pages/majorPlan/detail', '规划详情', { feature: 'service' }),
  r('pages/majorPlan/reservation', '预约', { feature: 'service' }),
  r('pages/tools/compass', '指南针', { feature: 'compass' }),
  r('pages/tools/huangli', '老黄历', { feature: 'huangli' }),
  r('pages/tools/gua64', '六十四卦', { feature: 'gua64' }),
  r('pages/tools/flyStar', '九宫飞星', { feature: 'flyStar' }),
  r('pages/tools/xingming', '姓名分析', { feature: 'naming' }),

  // Shop package
  r('goods/pages/goods/goods', '商品详情', REFRESH),
  r('goods/pages/order/confirm', '确认订单'),
  r('goods/pages/order/pay-success', '支付成功'),
  r('goods/pages/order/order', '我的订单', REFRESH),
  r('goods/pages/order/detail', '订单详情', REFRESH),
  r('goods/pages/favorite/favorite', '我的收藏', REFRESH),
  r('goods/pages/coupon/coupon', '领券中心', REFRESH),
  r('goods/pages/coupon/detail', '优惠券详情'),
  r('goods/pages/address/address', '收货地址', REFRESH),
  r('goods/pages/address/edit/edit', '编辑地址'),
  r('goods/pages/address/add/add', '新增地址'),
  r('goods/pages/cart/cart', '购物车', REFRESH),
  r('goods/pages/search/search', '搜索'),
  r('goods/pages/category/category', '商品分类'),

  // Live and courses package
  r('live/pages/index/index', '直播', LIST),
  r('live/pages/recorded/recorded', '录播课程', LIST),
  r('live/pages/recorded/detail', '课程详情'),
  r('live/pages/recorded/order', '确认订单'),
  r('live/pages/recorded/payment', '支付'),
  r('live/pages/offline/offline', '线下课程', LIST),

  // Practitioner tools package
  r('tools/pages/index/index', '工具箱'),
  r('tools/pages/lingqi/lingqi', '灵棋经', { feature: 'lingqi' }),
  r('tools/pages/luopan/luopan', '罗盘', { feature: 'compass' }),
  r('tools/pages/divination/divination', '金钱卦', { feature: 'divination' }),
  r('tools/pages/lijichi/lijichi', '立极尺', { feature: 'compass' }),
  r('tools/pages/house/house', '户型分析', { feature: 'house' }),
  r('tools/pages/house/upload_type', '选择户型图', { feature: 'house' }),
  r('tools/pages/house/info', '房屋信息', { feature: 'house' }),
  r('tools/pages/house/layout', '立极定位', { feature: 'house' }),
  r('tools/pages/house/analysis', '户型分析结果', { feature: 'house' }),
  r('tools/pages/daily/fortune', '今日运势', { feature: 'fortune' }),
  r('tools/pages/daily/luckyColor', '幸运色', { feature: 'luckyColor' }),
  r('tools/pages/daily/gigabit', '打牌坐向', { feature: 'gigabit' }),
  r('tools/pages/daily/romanticLuck', '桃花运', { feature: 'romance' }),

  // Other packages
  r('certificate/pages/detail', '证书详情'),
  r('certificate/pages/apply', '证书报名'),
  r('association/pages/detail/detail', '协会介绍'),
  r('association/pages/detail/induction', '入会须知'),
  r('activity/pages/detail', '活动详情'),
  r('teacher/pages/detail', '老师主页'),
  r('teacher/pages/house-fengshui', '家居风水', { feature: 'house' }),
  r('calculation/pages/index', '详批报告', { feature: 'report' }),
  r('calculation/pages/baogao', '命理报告', { feature: 'report' })
]

const byPath = new Map(ROUTES.map((route) => [route.path, route]))

/** '/pages/my/my?x=1' -> 'pages/my/my'; '' and '/' -> the home route. */
export function normalizePath(url: string): string {
  const path = url.split('?')[0].split('#')[0].replace(/^\/+/, '')
  return path === '' ? HOME : path
}

export function findRoute(url: string): Route | undefined {
  return byPath.get(normalizePath(url))
}

export const TABS: Route[] = ROUTES.filter((route) => route.tab !== undefined).sort((a, b) => a.tab! - b.tab!)

export function isTabRoute(url: string): boolean {
  return findRoute(url)?.tab !== undefined
}

/** The package root a route belongs to, or 'main'. */
export function packageOf(path: string): string {
  return SUBPACKAGE_ROOTS.find((root) => path.startsWith(root + '/')) ?? 'main'
}

export const LIVE_ROUTES = ROUTES.filter((route) => route.live)
