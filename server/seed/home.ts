// Demo home content. Every url is a route of the product spec (section 2) or an article of articles.ts.

const img = (path: string) => `/static/demo/${path}`

export const BANNERS = [
  {
    slug: 'bazi',
    title: '八字命理 · 专业排盘',
    image: img('banners/bazi.outlined.svg'),
    url: '/pages/bazi/bazi',
    sort: 1
  },
  { slug: 'qimen', title: '奇门遁甲 · 时家排盘', image: img('banners/qimen.png'), url: '/pages/qmdj/paipan', sort: 2 },
  {
    slug: 'course',
    title: '易学名师课 · 系统进阶',
    image: img('banners/course.png'),
    url: '/pages/course/index',
    sort: 3
  },
  {
    slug: 'huangli',
    title: '今日黄历 · 宜忌吉时',
    image: img('banners/huangli.png'),
    url: '/pages/tools/huangli',
    sort: 4
  }
]

export const NAVS = [
  { slug: 'bazi', title: '八字排盘', icon: img('icons/bazi.png'), url: '/pages/bazi/bazi' },
  { slug: 'qimen', title: '奇门遁甲', icon: img('icons/qimen.png'), url: '/pages/qmdj/paipan' },
  { slug: 'huangli', title: '老黄历', icon: img('icons/huangli.png'), url: '/pages/tools/huangli' },
  { slug: 'gua64', title: '六十四卦', icon: img('icons/gua64.png'), url: '/pages/tools/gua64' },
  { slug: 'flystar', title: '九宫飞星', icon: img('icons/flystar.png'), url: '/pages/tools/flyStar' },
  { slug: 'xingming', title: '姓名分析', icon: img('icons/xingming.png'), url: '/pages/tools/xingming' },
  { slug: 'compass', title: '罗盘', icon: img('icons/compass.png'), url: '/pages/tools/compass' },
  { slug: 'fortune', title: '每日运势', icon: img('icons/fortune.png'), url: '/tools/pages/daily/fortune' },
  { slug: 'course', title: '易学课程', icon: img('icons/course.png'), url: '/pages/course/index' },
  { slug: 'toolbox', title: '工具箱', icon: img('icons/toolbox.png'), url: '/tools/pages/index/index' }
].map((n, i) => ({ ...n, sort: i + 1 }))

export const SECTIONS = [
  { key: 'daily', title: '每日一看', moreUrl: '/tools/pages/index/index', sort: 1 },
  { key: 'master_tools', title: '专业工具', moreUrl: '/tools/pages/index/index', sort: 2 },
  { key: 'learn', title: '学习进阶', moreUrl: '/pages/course/index', sort: 3 },
  { key: 'articles', title: '易学文章', moreUrl: '/pages/article/list', sort: 4 }
]

interface SeedItem {
  sectionKey: string
  slug: string
  title: string
  subtitle: string
  image: string
  url: string
  tag?: string
}

export const ITEMS: SeedItem[] = [
  {
    sectionKey: 'daily',
    slug: 'huangli',
    title: '今日黄历',
    subtitle: '宜忌、冲煞、吉时一览',
    image: img('icons/huangli.png'),
    url: '/pages/tools/huangli',
    tag: '每日'
  },
  {
    sectionKey: 'daily',
    slug: 'fortune',
    title: '今日运势',
    subtitle: '按生辰看今日综合运势',
    image: img('icons/fortune.png'),
    url: '/tools/pages/daily/fortune'
  },
  {
    sectionKey: 'daily',
    slug: 'lucky-color',
    title: '幸运色',
    subtitle: '今日穿搭的吉利颜色',
    image: img('icons/luckycolor.png'),
    url: '/tools/pages/daily/luckyColor'
  },
  {
    sectionKey: 'daily',
    slug: 'romance',
    title: '桃花运',
    subtitle: '看看近期的感情走势',
    image: img('icons/romance.png'),
    url: '/tools/pages/daily/romanticLuck'
  },
  {
    sectionKey: 'daily',
    slug: 'gigabit',
    title: '打牌坐向',
    subtitle: '今日牌桌上的吉利方位',
    image: img('icons/gigabit.png'),
    url: '/tools/pages/daily/gigabit',
    tag: '趣味'
  },
  {
    sectionKey: 'master_tools',
    slug: 'lingqi',
    title: '灵棋经',
    subtitle: '十二棋子掷卦，一百二十五卦',
    image: img('icons/lingqi.png'),
    url: '/tools/pages/lingqi/lingqi'
  },
  {
    sectionKey: 'master_tools',
    slug: 'divination',
    title: '金钱卦',
    subtitle: '三枚铜钱摇六爻，纳甲装卦',
    image: img('icons/divination.png'),
    url: '/tools/pages/divination/divination',
    tag: '热门'
  },
  {
    sectionKey: 'master_tools',
    slug: 'luopan',
    title: '罗盘',
    subtitle: '二十四山向，手机即可立向',
    image: img('icons/luopan.png'),
    url: '/tools/pages/luopan/luopan'
  },
  {
    sectionKey: 'master_tools',
    slug: 'lijichi',
    title: '立极尺',
    subtitle: '户型图上定中宫、分八方',
    image: img('icons/lijichi.png'),
    url: '/tools/pages/lijichi/lijichi'
  },
  {
    sectionKey: 'master_tools',
    slug: 'house',
    title: '户型风水分析',
    subtitle: '上传户型图，看宅运吉凶',
    image: img('icons/house.png'),
    url: '/tools/pages/house/house',
    tag: '新'
  },
  {
    sectionKey: 'learn',
    slug: 'recorded',
    title: '录播课程',
    subtitle: '名师系统课，随时回看',
    image: img('icons/course.png'),
    url: '/live/pages/recorded/recorded'
  },
  {
    sectionKey: 'learn',
    slug: 'live',
    title: '直播课堂',
    subtitle: '老师在线讲解、答疑',
    image: img('icons/qimen.png'),
    url: '/live/pages/index/index'
  },
  {
    sectionKey: 'learn',
    slug: 'offline',
    title: '线下研修',
    subtitle: '面授实践，看宅勘舆',
    image: img('icons/compass.png'),
    url: '/live/pages/offline/offline'
  },
  {
    sectionKey: 'learn',
    slug: 'exam',
    title: '易学考试',
    subtitle: '选择题库，检验所学',
    image: img('icons/gua64.png'),
    url: '/pages/examination/selected'
  },
  {
    sectionKey: 'learn',
    slug: 'certificate',
    title: '职业证书',
    subtitle: '考试通过即可申请证书',
    image: img('icons/xingming.png'),
    url: '/pages/certificate/certificate'
  }
]
