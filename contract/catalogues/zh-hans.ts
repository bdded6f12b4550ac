/**
 * THE source catalogue (简体中文) of the app shell, one namespace per area. Every other locale has exactly these
 * keys (the `Catalogue` type and tests/unit/core/i18n-catalogue.test.ts hold them to it); zh-hant.ts is generated
 * from this file (`npm run i18n:zh-hant`). Placeholders are `{{name}}`.
 */
export const zhHans = {
  common: {
    appName: '易学',
    loading: '加载中',
    loadingMore: '加载中…',
    confirm: '确定',
    cancel: '取消',
    back: '返回',
    home: '首页',
    backHome: '返回首页',
    login: '登录',
    loginFirst: '请先登录'
  },
  states: {
    empty: '暂无内容',
    retry: '重新加载',
    loadFailed: '加载失败，请检查网络后重试',
    noMore: '— 没有更多了 —',
    /** The server's MSG_NOT_OWNER (contract/index.ts) as it says it in this language. */
    notOwner: '这条记录属于其他用户，无法查看',
    notOwnerHint: '请让对方把内容分享给你，或在“我的”里查看你自己的记录',
    featureOff: '功能不可用',
    featureOffTitle: '此功能不在当前版本中提供',
    featureOffText: '去看看课程、文章和老黄历吧'
  },
  errors: {
    failed: '操作失败，请稍后再试',
    aborted: '请求已取消',
    timeout: '请求超时，请稍后再试',
    network: '网络异常，请检查网络后重试',
    configFailed: '配置读取失败',
    profileFailed: '用户信息读取失败',
    loginFailed: '登录失败，请稍后再试',
    loginCheckFailed: '登录校验失败，请重新登录',
    wechatLoginDown: '微信登录暂时不可用，请稍后刷新重试',
    loginConfigFailed: '登录配置读取失败，请稍后再试'
  },
  time: {
    justNow: '刚刚',
    minutesAgo: '{{n}}分钟前',
    hoursAgo: '{{n}}小时前',
    daysAgo: '{{n}}天前'
  },
  /** Titles of the tab pages and of the pages the 我的 panel lists, by route path (contract/routes.ts). */
  routes: {
    'pages/v2index/index': '首页',
    'pages/majorService/majorService': '服务',
    'pages/course/index': '课程',
    'pages/certificate/certificate': '证书',
    'goods/pages/goods/list': '商城',
    'pages/my/my': '我的',
    'pages/my/wallet': '我的钱包',
    'pages/my/commission': '收支明细',
    'pages/mine/friend': '推荐好友',
    'pages/invite/invite': '邀请函',
    'pages/my/myCoupon': '我的优惠券',
    'goods/pages/order/order': '我的订单',
    'pages/my/online': '线上课程订单',
    'pages/my/offline': '线下关注',
    'pages/my/certificate': '证书报名',
    'pages/my/activity': '活动报名',
    'pages/my/service': '服务订单',
    'pages/my/follow': '我的关注',
    'pages/my/report': '我的报告',
    'pages/bazi/list': '八字档案',
    'pages/article/article': '我的文章',
    'pages/examination/selected': '选择题库',
    'goods/pages/favorite/favorite': '我的收藏',
    'goods/pages/address/address': '收货地址',
    'pages/my/union': '协会入会申请',
    'pages/my/easyApply': '快速入会',
    'pages/my/info': '编辑资料',
    'pages/about/about': '关于我们',
    'pages/my/message': '消息中心'
  },
  mine: {
    notLoggedIn: '您还未登录',
    loginOrSignUp: '登录 / 注册',
    member: '会员 Lv.{{level}}',
    ordinaryUser: '普通用户',
    defaultNickname: '易学用户',
    userId: 'ID {{id}}',
    editProfile: '编辑资料 ›',
    logout: '退出登录',
    noticeTitle: '内容未通过审核',
    groupAssets: '推广与资产',
    groupServices: '我的服务',
    groupSettings: '设置',
    /** Prefixes the grid's one-letter icons leave out, `|`-separated (我的钱包 → 钱). */
    iconPrefix: '我的',
    myOrders: '我的订单',
    allOrders: '全部订单 ›',
    unpaid: '待付款',
    unpaidIcon: '付',
    unshipped: '待发货',
    unshippedIcon: '发',
    unreceived: '待收货',
    unreceivedIcon: '收',
    afterSale: '退款/售后',
    afterSaleIcon: '退',
    messages: '消息中心',
    coupons: '优惠券',
    favorites: '收藏',
    follows: '关注'
  },
  language: {
    /** The entry in 我的: its English half finds the switch for someone who cannot read the current language. */
    entry: '语言 / Language',
    title: '语言',
    followSystem: '跟随系统',
    followSystemHint: '当前：{{name}}',
    icon: '语'
  }
}

/** The shape every locale's catalogue has: the source's namespaces and keys, each a string. */
export type Catalogue = typeof zhHans
