// Demo shop: categories, goods with SKUs, claimable coupons, hot search words and a home section of
// recommended goods. Everything is keyed by a stable slug; rows that exist are left alone.
import { eq, inArray } from 'drizzle-orm'

import type { Tx } from '../db/database'
import {
  freightTemplates,
  type GoodsSpecDef,
  homeItems,
  homeSections,
  shopCategories,
  shopCoupons,
  shopGoods,
  shopSearchWords,
  shopSkus
} from '../db/schema'
import { sanitizeArticleHtml } from '../modules/article/sanitize'

// Files live in server/static/demo/shop/, served under /static/demo/shop/.
const img = (path: string) => `/static/demo/shop/${path}`

interface CategorySeed {
  slug: string
  name: string
  parent?: string
  icon?: string
}

export const SHOP_CATEGORIES: CategorySeed[] = [
  { slug: 'books', name: '易学书籍', icon: 'books' },
  { slug: 'books-mingli', name: '命理典籍', parent: 'books' },
  { slug: 'books-kanyu', name: '风水堪舆', parent: 'books' },
  { slug: 'books-yijing', name: '周易经典', parent: 'books' },
  { slug: 'luopan', name: '罗盘', icon: 'luopan' },
  { slug: 'luopan-pro', name: '专业罗盘', parent: 'luopan' },
  { slug: 'luopan-basic', name: '入门与工具', parent: 'luopan' },
  { slug: 'beads', name: '手串佩饰', icon: 'beads' },
  { slug: 'beads-wood', name: '木质手串', parent: 'beads' },
  { slug: 'beads-crystal', name: '水晶玉石', parent: 'beads' },
  { slug: 'beads-pendant', name: '挂件佩饰', parent: 'beads' },
  { slug: 'incense', name: '香品香具', icon: 'incense' },
  { slug: 'incense-sticks', name: '线香盘香', parent: 'incense' },
  { slug: 'incense-burners', name: '香炉香具', parent: 'incense' },
  { slug: 'ornaments', name: '开运摆件', icon: 'ornaments' },
  { slug: 'ornaments-copper', name: '铜器摆件', parent: 'ornaments' },
  { slug: 'ornaments-stone', name: '晶石木作', parent: 'ornaments' },
  { slug: 'study', name: '文房用品', icon: 'study' },
  { slug: 'study-brush', name: '笔墨', parent: 'study' },
  { slug: 'study-paper', name: '纸砚印泥', parent: 'study' }
]

interface SkuSeed {
  values: string[]
  price: number
  stock: number
  linePrice?: number
  image?: string
  onShelf?: boolean
}

export interface GoodsSeed {
  slug: string
  category: string
  name: string
  subtitle: string
  /** A good without specs has one SKU with this price and stock. */
  price?: number
  stock?: number
  linePrice?: number
  specs?: GoodsSpecDef[]
  skus?: SkuSeed[]
  /** Starting sales count (tests); the demo goods start at their real count, 0. */
  sales?: number
  maxBuy?: number
  /** Paragraphs of the description. */
  intro: string[]
  /** Rows of the parameter table. */
  params: [string, string][]
  /** How many days ago it went on shelf (for "newest"). */
  daysAgo: number
}

const BOOK_NOTES: [string, string][] = [
  ['装帧', '平装 / 锁线胶订'],
  ['开本', '16开'],
  ['发货', '48 小时内发货，塑封包装']
]

export const SHOP_GOODS: GoodsSeed[] = [
  // ---- books ----
  {
    slug: 'book-ziping-zhenquan',
    category: 'books-mingli',
    name: '《子平真诠评注》',
    subtitle: '沈孝瞻原著 徐乐吾评注，格局派入门必读',
    daysAgo: 120,
    specs: [{ name: '版本', values: ['平装', '精装'] }],
    skus: [
      { values: ['平装'], price: 6800, linePrice: 8800, stock: 320 },
      { values: ['精装'], price: 9800, linePrice: 12800, stock: 85 }
    ],
    intro: [
      '《子平真诠》以月令为纲、以格局为用，是子平法最有系统的著作之一。',
      '徐乐吾先生逐章评注，附大量命例，便于对照原文学习用神、相神与成败救应。'
    ],
    params: [['作者', '沈孝瞻 著 / 徐乐吾 评注'], ['页数', '约 420 页'], ...BOOK_NOTES]
  },
  {
    slug: 'book-ditiansui',
    category: 'books-mingli',
    name: '《滴天髓阐微》',
    subtitle: '任铁樵增注，论五行旺衰与从化之要',
    price: 7200,
    linePrice: 9600,
    stock: 260,
    daysAgo: 110,
    intro: [
      '《滴天髓》文辞简奥，任铁樵以数百命例逐句阐发，尤重五行旺衰、顺逆与通关。',
      '适合已掌握基本排盘、希望深入理解命局气势的读者。'
    ],
    params: [['作者', '京图 撰 / 刘基 注 / 任铁樵 增注'], ['页数', '约 560 页'], ...BOOK_NOTES]
  },
  {
    slug: 'book-qiongtong',
    category: 'books-mingli',
    name: '《穷通宝鉴》',
    subtitle: '十天干十二月调候用神详解',
    price: 5800,
    linePrice: 7800,
    stock: 190,
    daysAgo: 100,
    intro: ['以日干配生月，逐月论调候之法，是查用神、看寒暖燥湿的案头工具书。'],
    params: [['作者', '余春台 编'], ['页数', '约 380 页'], ...BOOK_NOTES]
  },
  {
    slug: 'book-sanming-tonghui',
    category: 'books-mingli',
    name: '《三命通会》全二册',
    subtitle: '万民英辑，明代命学集大成之作',
    price: 12800,
    linePrice: 16800,
    stock: 140,
    daysAgo: 95,
    intro: ['收录神煞、纳音、格局与大量古代命例，资料最为丰富，宜作查考之用。'],
    params: [['作者', '万民英 著'], ['册数', '上下两册'], ['页数', '约 1100 页'], ...BOOK_NOTES.slice(1)]
  },
  {
    slug: 'book-zhouyi-benyi',
    category: 'books-yijing',
    name: '《周易本义》',
    subtitle: '朱熹撰，易学入门的标准注本',
    price: 4500,
    linePrice: 5800,
    stock: 410,
    daysAgo: 150,
    intro: [
      '朱子以《周易》为卜筮之书，注文简明，兼顾义理与象数，是初学读经的首选注本。',
      '附卦图与筮仪，方便对照学习起卦之法。'
    ],
    params: [['作者', '朱熹 撰'], ['页数', '约 300 页'], ...BOOK_NOTES]
  },
  {
    slug: 'book-yijing-ten-lectures',
    category: 'books-yijing',
    name: '《易经入门十讲》',
    subtitle: '从阴阳八卦到六十四卦，零基础读懂易经',
    price: 3900,
    linePrice: 4900,
    stock: 520,
    daysAgo: 30,
    intro: ['十讲循序渐进：阴阳、四象、八卦、重卦、卦爻辞、象数与义理，每讲配练习。'],
    params: [['页数', '约 260 页'], ...BOOK_NOTES]
  },
  {
    slug: 'book-meihua-yishu',
    category: 'books-yijing',
    name: '《梅花易数》',
    subtitle: '邵雍心易占法，附体用生克断例',
    price: 3600,
    linePrice: 4800,
    stock: 330,
    daysAgo: 80,
    intro: ['以时间、数字、声音、方位起卦，重体用生克与外应，是最易上手的占法之一。'],
    params: [['作者', '邵雍 著（传）'], ['页数', '约 240 页'], ...BOOK_NOTES]
  },
  {
    slug: 'book-qimen-tongzong',
    category: 'books-kanyu',
    name: '《奇门遁甲统宗》',
    subtitle: '排局、格局、用神一书备览',
    price: 8800,
    linePrice: 11800,
    stock: 120,
    daysAgo: 60,
    intro: ['系统讲述阴阳遁排局、八门九星八神及吉凶格局，附大量应用实例。'],
    params: [['页数', '约 480 页'], ...BOOK_NOTES]
  },
  {
    slug: 'book-shenshi-xuankong',
    category: 'books-kanyu',
    name: '《沈氏玄空学》',
    subtitle: '沈竹礽著，玄空飞星理气经典',
    price: 9800,
    linePrice: 12800,
    stock: 95,
    daysAgo: 70,
    intro: ['阐明三元九运、挨星下卦与替卦之法，是学习玄空飞星最重要的参考书。'],
    params: [['作者', '沈竹礽 著'], ['页数', '约 520 页'], ...BOOK_NOTES]
  },
  {
    slug: 'book-tongsheng-2026',
    category: 'books-kanyu',
    name: '《丙午年通胜》2026',
    subtitle: '全年宜忌、节气、吉时一册在手',
    price: 2980,
    linePrice: 3980,
    stock: 800,
    daysAgo: 5,
    intro: ['逐日列出干支、宜忌、冲煞、吉神凶煞与时辰吉凶，附二十四节气交节时刻。'],
    params: [['年份', '2026 丙午年'], ['页数', '约 200 页'], ...BOOK_NOTES]
  },

  // ---- luopan ----
  {
    slug: 'luopan-zonghe',
    category: 'luopan-pro',
    name: '综合罗盘 · 三合三元兼用',
    subtitle: '电木盘面，铜制天池，层次清晰易读',
    daysAgo: 90,
    maxBuy: 5,
    specs: [{ name: '尺寸', values: ['6.2寸', '8.6寸', '10寸'] }],
    skus: [
      { values: ['6.2寸'], price: 38800, linePrice: 49800, stock: 60 },
      { values: ['8.6寸'], price: 68800, linePrice: 86800, stock: 35 },
      { values: ['10寸'], price: 98800, linePrice: 128800, stock: 0 }
    ],
    intro: [
      '盘面兼备三合与三元常用层次：先天八卦、二十四山、穿山七十二龙、分金与星宿度数。',
      '天池磁针灵敏，归位快、不拖针；底盘木质稳固，十字线可更换。'
    ],
    params: [
      ['盘面', '电木'],
      ['底盘', '实木'],
      ['天池', '铜制，进口磁针'],
      ['包装', '锦盒']
    ]
  },
  {
    slug: 'luopan-sanyuan',
    category: 'luopan-pro',
    name: '三元罗盘',
    subtitle: '玄空飞星专用，六十四卦层清晰',
    daysAgo: 85,
    maxBuy: 5,
    specs: [
      { name: '尺寸', values: ['6.2寸', '8.6寸'] },
      { name: '底盘', values: ['胡桃木', '红木'] }
    ],
    skus: [
      { values: ['6.2寸', '胡桃木'], price: 42800, stock: 30 },
      { values: ['6.2寸', '红木'], price: 56800, stock: 12 },
      { values: ['8.6寸', '胡桃木'], price: 72800, stock: 18 },
      { values: ['8.6寸', '红木'], price: 89800, stock: 6, onShelf: false }
    ],
    intro: ['以六十四卦、三元九运与挨星为主，适合玄空飞星派立向、兼向与替卦。'],
    params: [
      ['盘面', '电木'],
      ['天池', '铜制'],
      ['包装', '锦盒']
    ]
  },
  {
    slug: 'luopan-sanhe',
    category: 'luopan-pro',
    name: '三合罗盘',
    subtitle: '地盘正针、人盘中针、天盘缝针俱全',
    price: 46800,
    linePrice: 58800,
    stock: 25,
    daysAgo: 75,
    maxBuy: 5,
    intro: ['以三针三盘为纲，配双山五行、长生十二宫与分金，适合三合派消砂纳水。'],
    params: [
      ['尺寸', '8寸'],
      ['盘面', '电木'],
      ['包装', '锦盒']
    ]
  },
  {
    slug: 'luopan-starter',
    category: 'luopan-basic',
    name: '入门罗盘 4寸',
    subtitle: '二十四山与八卦，学风水第一块盘',
    price: 12800,
    linePrice: 16800,
    stock: 150,
    daysAgo: 40,
    intro: ['层次精简，只保留初学最常用的先天八卦、后天八卦与二十四山，读盘不费力。'],
    params: [
      ['尺寸', '4寸'],
      ['盘面', '铝合金'],
      ['包装', '纸盒']
    ]
  },
  {
    slug: 'luopan-pocket',
    category: 'luopan-basic',
    name: '袖珍罗盘挂件',
    subtitle: '随身可挂，既是指南也是饰物',
    price: 6800,
    stock: 300,
    daysAgo: 20,
    intro: ['直径约 5 厘米，铜壳玻璃面，可挂钥匙或背包，出行随手定方位。'],
    params: [
      ['直径', '约 5 厘米'],
      ['材质', '黄铜']
    ]
  },
  {
    slug: 'luban-ruler',
    category: 'luopan-basic',
    name: '鲁班尺 5 米',
    subtitle: '文公尺、丁兰尺双面刻度，量门量窗',
    price: 3800,
    linePrice: 4800,
    stock: 600,
    daysAgo: 55,
    intro: ['上排鲁班尺（门公尺）量阳宅门窗家具，下排丁兰尺量神位祖龛，吉字红色标注。'],
    params: [
      ['长度', '5 米'],
      ['宽度', '25 毫米'],
      ['材质', '钢带 + ABS 外壳']
    ]
  },

  // ---- beads ----
  {
    slug: 'beads-zitan',
    category: 'beads-wood',
    name: '小叶紫檀手串',
    subtitle: '老料高密，金星点点，越盘越亮',
    daysAgo: 65,
    specs: [{ name: '珠径', values: ['1.5cm×14颗', '1.8cm×12颗', '2.0cm×12颗'] }],
    skus: [
      { values: ['1.5cm×14颗'], price: 26800, linePrice: 36800, stock: 80 },
      { values: ['1.8cm×12颗'], price: 39800, linePrice: 49800, stock: 45 },
      { values: ['2.0cm×12颗'], price: 52800, linePrice: 66800, stock: 20 }
    ],
    intro: ['印度小叶紫檀，油性足、棕眼细，手盘后渐呈紫黑包浆。', '每串附检测证书，配佛头与流苏。'],
    params: [
      ['材质', '小叶紫檀'],
      ['产地', '印度'],
      ['配件', '佛头、流苏']
    ]
  },
  {
    slug: 'beads-huanghuali',
    category: 'beads-wood',
    name: '海南黄花梨手串',
    subtitle: '鬼脸纹理，降香浓郁',
    price: 88800,
    linePrice: 118800,
    stock: 15,
    daysAgo: 50,
    maxBuy: 2,
    intro: ['海南降香黄檀，纹理如行云流水，偶见鬼脸，香气清雅持久。'],
    params: [
      ['材质', '海南黄花梨'],
      ['珠径', '2.0cm×12颗']
    ]
  },
  {
    slug: 'beads-xingyue',
    category: 'beads-wood',
    name: '星月菩提 108 颗',
    subtitle: '高密顺白，念诵持珠',
    price: 9800,
    linePrice: 12800,
    stock: 260,
    daysAgo: 45,
    intro: ['星月菩提籽，月眼居中、星点细密，108 颗可绕腕亦可持诵。'],
    params: [
      ['材质', '星月菩提'],
      ['规格', '6×8mm 108 颗']
    ]
  },
  {
    slug: 'beads-lvtan',
    category: 'beads-wood',
    name: '绿檀手串',
    subtitle: '清香宜人，入门首选',
    price: 5800,
    stock: 420,
    daysAgo: 35,
    intro: ['绿檀木质细腻，自带清香，色泽随盘玩由绿转深。'],
    params: [
      ['材质', '绿檀'],
      ['珠径', '1.2cm×16颗']
    ]
  },
  {
    slug: 'beads-crystal',
    category: 'beads-crystal',
    name: '天然水晶手串',
    subtitle: '白水晶、紫水晶、黄水晶三色可选',
    daysAgo: 28,
    specs: [
      { name: '颜色', values: ['白水晶', '紫水晶', '黄水晶'] },
      { name: '珠径', values: ['8mm', '10mm'] }
    ],
    skus: [
      { values: ['白水晶', '8mm'], price: 12800, stock: 90, image: img('goods/beads-crystal-white.png') },
      { values: ['白水晶', '10mm'], price: 16800, stock: 60, image: img('goods/beads-crystal-white.png') },
      { values: ['紫水晶', '8mm'], price: 19800, stock: 40, image: img('goods/beads-crystal-purple.png') },
      { values: ['紫水晶', '10mm'], price: 25800, stock: 0, image: img('goods/beads-crystal-purple.png') },
      { values: ['黄水晶', '8mm'], price: 18800, stock: 35, image: img('goods/beads-crystal-yellow.png') },
      { values: ['黄水晶', '10mm'], price: 23800, stock: 22, image: img('goods/beads-crystal-yellow.png') }
    ],
    intro: ['天然水晶原石打磨，通透少棉；每串附鉴定证书。', '弹力线穿制，可按手围调整。'],
    params: [
      ['材质', '天然水晶'],
      ['证书', '附鉴定证书']
    ]
  },
  {
    slug: 'beads-obsidian',
    category: 'beads-crystal',
    name: '黑曜石貔貅手串',
    subtitle: '月光彩虹眼，配足银貔貅',
    price: 15800,
    linePrice: 19800,
    stock: 130,
    daysAgo: 25,
    intro: ['天然黑曜石，光下呈彩虹眼；貔貅为 925 银镀金，做工精细。'],
    params: [
      ['材质', '黑曜石 + 925 银'],
      ['珠径', '12mm']
    ]
  },
  {
    slug: 'pendant-wudi-coins',
    category: 'beads-pendant',
    name: '五帝钱挂件',
    subtitle: '顺治至嘉庆五朝通宝，红绳编结',
    price: 4800,
    stock: 350,
    daysAgo: 60,
    intro: ['顺治、康熙、雍正、乾隆、嘉庆五帝钱，以红绳编结，可挂门后或随身。'],
    params: [
      ['材质', '黄铜'],
      ['长度', '约 30 厘米']
    ]
  },
  {
    slug: 'pendant-taomu-hulu',
    category: 'beads-pendant',
    name: '桃木葫芦挂件',
    subtitle: '整木雕刻，手工打磨',
    price: 2800,
    stock: 500,
    daysAgo: 15,
    intro: ['老桃木整块雕刻成葫芦形，纹理自然，可挂车内或背包。'],
    params: [
      ['材质', '桃木'],
      ['尺寸', '约 6 厘米']
    ]
  },

  // ---- incense ----
  {
    slug: 'incense-chenxiang',
    category: 'incense-sticks',
    name: '惠安沉香线香',
    subtitle: '天然沉香粉，无化学粘粉',
    daysAgo: 42,
    specs: [{ name: '规格', values: ['21cm 约150支', '33cm 约100支'] }],
    skus: [
      { values: ['21cm 约150支'], price: 16800, linePrice: 21800, stock: 150 },
      { values: ['33cm 约100支'], price: 19800, linePrice: 25800, stock: 110 }
    ],
    intro: ['越南惠安产区沉香粉制，香气甜凉，烟少不呛。', '以榆皮粉为粘粉，天然无添加。'],
    params: [
      ['产区', '越南惠安'],
      ['燃烧时长', '21cm 约 40 分钟']
    ]
  },
  {
    slug: 'incense-laoshan-tan',
    category: 'incense-sticks',
    name: '老山檀香线香',
    subtitle: '印度老山檀，醇厚奶香',
    price: 8800,
    linePrice: 11800,
    stock: 240,
    daysAgo: 38,
    intro: ['印度迈索尔老山檀香，香韵温润带奶香，适合静坐、读书。'],
    params: [
      ['规格', '21cm 约 200 支'],
      ['燃烧时长', '约 40 分钟']
    ]
  },
  {
    slug: 'incense-aicao',
    category: 'incense-sticks',
    name: '艾草线香',
    subtitle: '陈年艾绒，清新驱蚊',
    price: 2900,
    stock: 900,
    daysAgo: 12,
    intro: ['三年陈艾制成，气味清新，适合梅雨季节与夏日使用。'],
    params: [['规格', '21cm 约 300 支']]
  },
  {
    slug: 'incense-panxiang',
    category: 'incense-sticks',
    name: '檀香盘香 4 小时',
    subtitle: '48 盘装，附香托',
    price: 6800,
    stock: 280,
    daysAgo: 33,
    intro: ['每盘燃烧约 4 小时，适合长时间焚香；附铜制盘香托。'],
    params: [
      ['规格', '48 盘'],
      ['燃烧时长', '约 4 小时 / 盘']
    ]
  },
  {
    slug: 'burner-xuande',
    category: 'incense-burners',
    name: '宣德炉式铜香炉',
    subtitle: '纯铜铸造，包浆温润',
    daysAgo: 58,
    maxBuy: 3,
    specs: [{ name: '口径', values: ['8cm', '10cm', '12cm'] }],
    skus: [
      { values: ['8cm'], price: 29800, stock: 40 },
      { values: ['10cm'], price: 39800, stock: 25 },
      { values: ['12cm'], price: 52800, stock: 10 }
    ],
    intro: ['仿明宣德炉形制，冲天耳、三足，铜质厚重，底款清晰。'],
    params: [
      ['材质', '黄铜'],
      ['工艺', '失蜡铸造']
    ]
  },
  {
    slug: 'burner-ceramic',
    category: 'incense-burners',
    name: '青瓷倒流香炉',
    subtitle: '高山流水造型，烟如瀑布',
    price: 12800,
    linePrice: 16800,
    stock: 70,
    daysAgo: 22,
    intro: ['龙泉青瓷烧制，配倒流香使用，烟雾顺山势流下，宛如流水。'],
    params: [
      ['材质', '青瓷'],
      ['尺寸', '约 15×12 厘米']
    ]
  },
  {
    slug: 'incense-set',
    category: 'incense-burners',
    name: '香道入门套装',
    subtitle: '香炉、香铲、香箸、香灰一套齐全',
    price: 23800,
    linePrice: 29800,
    stock: 45,
    daysAgo: 8,
    intro: ['适合初学打香篆、埋炭隔火，附图文教程。'],
    params: [['内含', '铜香炉、香篆模、香铲、香箸、香灰 200g']]
  },

  // ---- ornaments ----
  {
    slug: 'ornament-tong-hulu',
    category: 'ornaments-copper',
    name: '铜葫芦摆件',
    subtitle: '纯铜打造，可开盖',
    daysAgo: 48,
    specs: [{ name: '尺寸', values: ['小号 10cm', '中号 15cm', '大号 20cm'] }],
    skus: [
      { values: ['小号 10cm'], price: 6800, stock: 200 },
      { values: ['中号 15cm'], price: 12800, stock: 120 },
      { values: ['大号 20cm'], price: 19800, stock: 60 }
    ],
    intro: ['铜质葫芦，寓意福禄，可置于床头、案头或厨房。'],
    params: [
      ['材质', '黄铜'],
      ['工艺', '抛光']
    ]
  },
  {
    slug: 'ornament-pixiu',
    category: 'ornaments-copper',
    name: '铜貔貅一对',
    subtitle: '昂首张口，雕工细腻',
    price: 39800,
    linePrice: 49800,
    stock: 30,
    daysAgo: 44,
    maxBuy: 3,
    intro: ['一公一母成对，头朝门外或窗外摆放；铜质手工錾刻。'],
    params: [
      ['材质', '黄铜'],
      ['尺寸', '约 12×7 厘米 / 只']
    ]
  },
  {
    slug: 'ornament-qilin',
    category: 'ornaments-copper',
    name: '铜麒麟摆件',
    subtitle: '脚踏八卦，镇宅纳祥',
    price: 45800,
    stock: 20,
    daysAgo: 52,
    maxBuy: 3,
    intro: ['麒麟为仁兽，脚踏八卦底座，适合客厅或书房。'],
    params: [
      ['材质', '黄铜'],
      ['尺寸', '约 16×10 厘米']
    ]
  },
  {
    slug: 'ornament-wudi-coins',
    category: 'ornaments-copper',
    name: '五帝钱（六枚装）',
    subtitle: '仿古铸造，含备用一枚',
    price: 3600,
    stock: 700,
    daysAgo: 64,
    intro: ['顺治、康熙、雍正、乾隆、嘉庆通宝各一枚，另附备用一枚。'],
    params: [
      ['直径', '约 2.8 厘米'],
      ['材质', '黄铜']
    ]
  },
  {
    slug: 'ornament-bagua-mirror',
    category: 'ornaments-copper',
    name: '八卦镜',
    subtitle: '桃木框先天八卦，凸面镜',
    price: 6800,
    stock: 160,
    daysAgo: 18,
    intro: ['桃木镜框刻先天八卦，凸面镜面，挂于门楣或窗外。'],
    params: [
      ['直径', '约 15 厘米'],
      ['材质', '桃木 + 玻璃']
    ]
  },
  {
    slug: 'ornament-wenchang-ta',
    category: 'ornaments-stone',
    name: '文昌塔 九层',
    subtitle: '学子案头，助文思',
    price: 16800,
    linePrice: 21800,
    stock: 75,
    daysAgo: 26,
    intro: ['九层铜塔，宜置书桌文昌位；附底座与红布。'],
    params: [
      ['高度', '约 22 厘米'],
      ['材质', '黄铜']
    ]
  },
  {
    slug: 'ornament-citrine-ball',
    category: 'ornaments-stone',
    name: '黄水晶球',
    subtitle: '天然原石打磨，附木底座',
    price: 26800,
    stock: 40,
    daysAgo: 16,
    intro: ['天然黄水晶打磨成球，晶体通透，附红木底座。'],
    params: [
      ['直径', '约 8 厘米'],
      ['证书', '附鉴定证书']
    ]
  },
  {
    slug: 'ornament-yaoshi-shanhai',
    category: 'ornaments-stone',
    name: '木雕山海镇',
    subtitle: '香樟木整雕，山水相连',
    price: 32800,
    stock: 0,
    daysAgo: 66,
    intro: ['香樟木整料雕刻，山峰层叠，水纹环绕，适合玄关。'],
    params: [
      ['尺寸', '约 30×20 厘米'],
      ['材质', '香樟木']
    ]
  },

  // ---- study ----
  {
    slug: 'study-brush',
    category: 'study-brush',
    name: '狼毫毛笔',
    subtitle: '东北黄鼠狼尾毫，锋颖尖挺',
    daysAgo: 72,
    specs: [{ name: '规格', values: ['小楷', '中楷', '大楷'] }],
    skus: [
      { values: ['小楷'], price: 3800, stock: 300 },
      { values: ['中楷'], price: 4800, stock: 260 },
      { values: ['大楷'], price: 6800, stock: 140 }
    ],
    intro: ['弹性好、出锋利，适合楷书、行书与画符抄经。'],
    params: [
      ['笔毫', '狼毫'],
      ['笔杆', '竹杆']
    ]
  },
  {
    slug: 'study-ink-stick',
    category: 'study-brush',
    name: '徽墨松烟墨锭',
    subtitle: '古法松烟，墨色沉黑',
    price: 8800,
    linePrice: 11800,
    stock: 90,
    daysAgo: 68,
    intro: ['歙县古法松烟墨，胶轻质细，研磨无砂，墨色乌黑有光。'],
    params: [
      ['重量', '约 62 克'],
      ['产地', '安徽歙县']
    ]
  },
  {
    slug: 'study-duan-inkstone',
    category: 'study-paper',
    name: '端砚',
    subtitle: '肇庆麻子坑石，发墨如油',
    price: 58800,
    linePrice: 78800,
    stock: 12,
    daysAgo: 78,
    maxBuy: 2,
    intro: ['麻子坑石质温润细腻，下墨快而不损笔；附红木砚盒。'],
    params: [
      ['尺寸', '约 18×12 厘米'],
      ['产地', '广东肇庆']
    ]
  },
  {
    slug: 'study-xuan-paper',
    category: 'study-paper',
    name: '泾县宣纸 四尺',
    subtitle: '生宣宜写意，熟宣宜工笔',
    daysAgo: 32,
    specs: [
      { name: '类型', values: ['生宣', '熟宣'] },
      { name: '数量', values: ['50张', '100张'] }
    ],
    skus: [
      { values: ['生宣', '50张'], price: 9800, stock: 120 },
      { values: ['生宣', '100张'], price: 17800, stock: 80 },
      { values: ['熟宣', '50张'], price: 11800, stock: 70 },
      { values: ['熟宣', '100张'], price: 21800, stock: 40 }
    ],
    intro: ['安徽泾县檀皮与沙田稻草制，纸质绵韧，润墨性好。'],
    params: [
      ['尺寸', '四尺 69×138 厘米'],
      ['产地', '安徽泾县']
    ]
  },
  {
    slug: 'study-cinnabar-inkpad',
    category: 'study-paper',
    name: '朱砂印泥',
    subtitle: '色泽鲜红，久不褪色',
    price: 6800,
    stock: 210,
    daysAgo: 24,
    intro: ['以朱砂、艾绒、蓖麻油调制，印文清晰饱满，适合书画钤印。'],
    params: [
      ['重量', '30 克'],
      ['容器', '青花瓷盒']
    ]
  },
  {
    slug: 'study-four-treasures',
    category: 'study-paper',
    name: '文房四宝套装',
    subtitle: '笔墨纸砚一盒齐备，送礼佳品',
    price: 29800,
    linePrice: 39800,
    stock: 55,
    daysAgo: 3,
    intro: ['内含狼毫毛笔两支、松烟墨锭、歙砚、宣纸二十张与笔架，锦盒包装。'],
    params: [['内含', '毛笔 2、墨锭 1、砚台 1、宣纸 20 张、笔架 1']]
  }
]

const KIND_OF_CATEGORY: Record<string, string> = {
  books: 'books',
  luopan: 'luopan',
  beads: 'beads',
  incense: 'incense',
  ornaments: 'ornaments',
  study: 'study'
}

export function goodsImages(g: GoodsSeed): string[] {
  const top = SHOP_CATEGORIES.find((c) => c.slug === g.category)?.parent ?? g.category
  return [img(`goods/${g.slug}.png`), img(`scene/${KIND_OF_CATEGORY[top]}.png`)]
}

export function goodsContent(g: GoodsSeed): string {
  const rows = g.params.map(([k, v]) => `<tr><td>${k}</td><td>${v}</td></tr>`).join('')
  return sanitizeArticleHtml(
    `${g.intro.map((p) => `<p>${p}</p>`).join('')}<p><img src="${img(`goods/${g.slug}.png`)}" alt="${g.name}"></p>` +
      `<h2>商品参数</h2><table><tbody>${rows}</tbody></table>` +
      '<h2>购买须知</h2><ul><li>下单后 30 分钟内未支付，订单自动取消。</li><li>未发货订单可申请退款，发货后请在收到商品后联系客服处理。</li><li>天然材质，' +
      '纹理颜色以实物为准。</li></ul>'
  )
}

function skusOf(g: GoodsSeed): SkuSeed[] {
  return g.skus ?? [{ values: [], price: g.price!, stock: g.stock ?? 0, linePrice: g.linePrice }]
}

const DAY = 24 * 3600 * 1000

/** Inserts one good with its SKUs (left alone when its slug exists); returns its id. Also used by tests. */
export async function seedGoods(tx: Tx, g: GoodsSeed, categoryId: number, now = new Date()): Promise<number> {
  const skus = skusOf(g)
  const onShelf = skus.filter((s) => s.onShelf !== false)
  const prices = (onShelf.length ? onShelf : skus).map((s) => s.price)
  await tx
    .insert(shopGoods)
    .values({
      slug: g.slug,
      categoryId,
      name: g.name,
      subtitle: g.subtitle,
      images: goodsImages(g),
      content: goodsContent(g),
      specs: g.specs ?? [],
      priceMin: Math.min(...prices),
      priceMax: Math.max(...prices),
      linePrice: g.linePrice ?? Math.max(0, ...skus.map((s) => s.linePrice ?? 0)),
      sales: g.sales ?? 0,
      maxBuy: g.maxBuy ?? 99,
      createdAt: new Date(now.getTime() - g.daysAgo * DAY)
    })
    .onConflictDoNothing({ target: shopGoods.slug })
  const [row] = await tx.select({ id: shopGoods.id }).from(shopGoods).where(eq(shopGoods.slug, g.slug)).limit(1)
  await tx
    .insert(shopSkus)
    .values(
      skus.map((s) => ({
        goodsId: row.id,
        specKey: s.values.join('|'),
        specValues: s.values,
        price: s.price,
        linePrice: s.linePrice ?? g.linePrice ?? 0,
        stock: s.stock,
        image: s.image ?? '',
        onShelf: s.onShelf !== false
      }))
    )
    .onConflictDoNothing()
  return row.id
}

interface CouponSeed {
  slug: string
  name: string
  type: 'amount' | 'discount'
  amount?: number
  discount?: number
  maxDiscount?: number
  minSpend: number
  scope: 'all' | 'goods' | 'category'
  /** Goods slugs or category slugs. */
  targets?: string[]
  validDays?: number
  total: number
  perUserLimit: number
  description: string
}

export const SHOP_COUPONS: CouponSeed[] = [
  {
    slug: 'welcome-10',
    name: '新人见面礼',
    type: 'amount',
    amount: 1000,
    minSpend: 0,
    scope: 'all',
    validDays: 7,
    total: 100000,
    perUserLimit: 1,
    description: '领取后 7 天内有效\n全场商品可用，每个订单限用一张'
  },
  {
    slug: 'all-199-30',
    name: '全场满减券',
    type: 'amount',
    amount: 3000,
    minSpend: 19900,
    scope: 'all',
    total: 20000,
    perUserLimit: 2,
    description: '订单商品满 199 元可用\n每人限领 2 张，每个订单限用一张'
  },
  {
    slug: 'books-99-90',
    name: '读书季 9 折券',
    type: 'discount',
    discount: 90,
    maxDiscount: 5000,
    minSpend: 9900,
    scope: 'category',
    targets: ['books'],
    total: 5000,
    perUserLimit: 1,
    description: '限易学书籍类商品，满 99 元享 9 折\n最多优惠 50 元'
  },
  {
    slug: 'luopan-300-50',
    name: '罗盘专享券',
    type: 'amount',
    amount: 5000,
    minSpend: 30000,
    scope: 'category',
    targets: ['luopan'],
    total: 2000,
    perUserLimit: 1,
    description: '限罗盘类商品，满 300 元减 50 元'
  },
  {
    slug: 'beads-88',
    name: '名木手串 8.8 折',
    type: 'discount',
    discount: 88,
    maxDiscount: 10000,
    minSpend: 20000,
    scope: 'goods',
    targets: ['beads-zitan', 'beads-huanghuali'],
    validDays: 15,
    total: 1000,
    perUserLimit: 1,
    description: '限小叶紫檀、海南黄花梨手串\n满 200 元享 8.8 折，最多优惠 100 元\n领取后 15 天内有效'
  },
  {
    slug: 'incense-59-8',
    name: '香品小额券',
    type: 'amount',
    amount: 800,
    minSpend: 5900,
    scope: 'category',
    targets: ['incense'],
    total: 10000,
    perUserLimit: 3,
    description: '限香品香具类商品，满 59 元减 8 元'
  }
]

/** Coupons of the demo stay claimable through this window. */
const COUPON_WINDOW = { startAt: new Date('2025-01-01T00:00:00+08:00'), endAt: new Date('2030-12-31T23:59:59+08:00') }

export const SHOP_HOT_WORDS = ['罗盘', '小叶紫檀', '沉香', '通胜', '子平真诠', '五帝钱', '水晶', '文昌塔']

const HOME_SECTION = { key: 'shop', title: '易学好物', moreUrl: '/goods/pages/goods/list', sort: 5 }
const HOME_PICKS = [
  'luopan-zonghe',
  'beads-zitan',
  'book-ziping-zhenquan',
  'incense-chenxiang',
  'ornament-wenchang-ta',
  'book-tongsheng-2026'
]

/**
 * A second 运费模板 to show operators how region rules look: farther provinces cost more, and 满199元 ships free
 * there. No demo goods use it, so the demo prices as before (migration 0034's default template: ¥8, free from ¥99).
 */
const REMOTE_TEMPLATE = {
  name: '偏远地区加价',
  chargeBy: 'piece' as const,
  defaultRule: { first: 1, firstFee: 800, additional: 1, additionalFee: 0 },
  regionRules: [
    { regions: ['540000', '650000', '630000'], first: 1, firstFee: 1500, additional: 1, additionalFee: 500 }
  ],
  freeRules: [
    { regions: [], minAmount: 9900, minPieces: 0 },
    { regions: ['540000', '650000', '630000'], minAmount: 19900, minPieces: 0 }
  ],
  undeliverable: []
}

export async function seedShop(tx: Tx): Promise<void> {
  await tx.insert(freightTemplates).values(REMOTE_TEMPLATE).onConflictDoNothing({ target: freightTemplates.name })
  for (const c of SHOP_CATEGORIES.filter((c) => !c.parent)) {
    await tx
      .insert(shopCategories)
      .values({
        slug: c.slug,
        name: c.name,
        image: c.icon ? img(`category/${c.icon}.png`) : '',
        sort: SHOP_CATEGORIES.indexOf(c)
      })
      .onConflictDoNothing({ target: shopCategories.slug })
  }
  const tops = await tx
    .select({ id: shopCategories.id, slug: shopCategories.slug })
    .from(shopCategories)
    .where(eq(shopCategories.parentId, 0))
  const topId = new Map(tops.map((t) => [t.slug, t.id]))
  const children = SHOP_CATEGORIES.filter((c) => c.parent && topId.has(c.parent))
  if (children.length) {
    await tx
      .insert(shopCategories)
      .values(
        children.map((c) => ({
          slug: c.slug,
          name: c.name,
          parentId: topId.get(c.parent!)!,
          sort: SHOP_CATEGORIES.indexOf(c)
        }))
      )
      .onConflictDoNothing({ target: shopCategories.slug })
  }
  const categories = await tx
    .select({ id: shopCategories.id, slug: shopCategories.slug })
    .from(shopCategories)
    .where(
      inArray(
        shopCategories.slug,
        SHOP_CATEGORIES.map((c) => c.slug)
      )
    )
  const categoryId = new Map(categories.map((c) => [c.slug, c.id]))

  // Only missing goods are written, so a start with the catalog in place costs one query here.
  const seeded = await tx
    .select({ id: shopGoods.id, slug: shopGoods.slug })
    .from(shopGoods)
    .where(
      inArray(
        shopGoods.slug,
        SHOP_GOODS.map((g) => g.slug)
      )
    )
  const goodsId = new Map(seeded.map((g) => [g.slug, g.id]))
  for (const g of SHOP_GOODS)
    if (!goodsId.has(g.slug)) goodsId.set(g.slug, await seedGoods(tx, g, categoryId.get(g.category)!))

  await tx
    .insert(shopCoupons)
    .values(
      SHOP_COUPONS.map((c) => ({
        slug: c.slug,
        name: c.name,
        type: c.type,
        amount: c.amount ?? 0,
        discount: c.discount ?? 0,
        maxDiscount: c.maxDiscount ?? 0,
        minSpend: c.minSpend,
        scope: c.scope,
        scopeIds: (c.targets ?? []).map((t) => (c.scope === 'goods' ? goodsId.get(t) : categoryId.get(t))!),
        ...COUPON_WINDOW,
        validDays: c.validDays ?? 0,
        total: c.total,
        perUserLimit: c.perUserLimit,
        description: c.description
      }))
    )
    .onConflictDoNothing({ target: shopCoupons.slug })

  await tx
    .insert(shopSearchWords)
    .values(SHOP_HOT_WORDS.map((word, i) => ({ word, sort: i + 1 })))
    .onConflictDoNothing({ target: shopSearchWords.word })

  await tx.insert(homeSections).values(HOME_SECTION).onConflictDoNothing({ target: homeSections.key })
  const picks = SHOP_GOODS.filter((g) => HOME_PICKS.includes(g.slug)).sort(
    (a, b) => HOME_PICKS.indexOf(a.slug) - HOME_PICKS.indexOf(b.slug)
  )
  const existing = await tx
    .select({ slug: homeItems.slug })
    .from(homeItems)
    .where(eq(homeItems.sectionKey, HOME_SECTION.key))
  const have = new Set(existing.map((e) => e.slug))
  const items = picks
    .filter((g) => !have.has(`goods-${g.slug}`))
    .map((g) => ({
      sectionKey: HOME_SECTION.key,
      slug: `goods-${g.slug}`,
      title: g.name,
      subtitle: g.subtitle,
      image: img(`goods/${g.slug}.png`),
      url: `/goods/pages/goods/goods?goods_id=${goodsId.get(g.slug)}`,
      priceFen: Math.min(...skusOf(g).map((s) => s.price)),
      sort: HOME_PICKS.indexOf(g.slug) + 1
    }))
  if (items.length) await tx.insert(homeItems).values(items).onConflictDoNothing()
}
