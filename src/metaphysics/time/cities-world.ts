/**
 * Main world cities: longitude (°, east positive) from the coordinates of the IANA time zone
 * database (zone.tab, public domain; 旧金山 and 西雅图, absent there, from gazetteer coordinates of
 * their city centres), today's standard UTC offset in hours (used only where the JavaScript engine
 * has no time-zone support), and the city's IANA zone as zone.tab names it for that place (旧金山
 * and 西雅图 lie in America/Los_Angeles). The zone gives the offset actually in force at a birth:
 * summer time and historical offsets (Singapore UTC+7:30 until 1981, ...).
 */
export const WORLD_CITY_LONGITUDES: ReadonlyArray<
  readonly [
    country: string,
    cities: ReadonlyArray<readonly [name: string, longitude: number, utcOffset: number, timeZone: string]>
  ]
> = [
  ['日本', [['东京', 139.74, 9, 'Asia/Tokyo']]],
  ['韩国', [['首尔', 126.97, 9, 'Asia/Seoul']]],
  ['朝鲜', [['平壤', 125.75, 9, 'Asia/Pyongyang']]],
  ['蒙古', [['乌兰巴托', 106.88, 8, 'Asia/Ulaanbaatar']]],
  ['新加坡', [['新加坡', 103.85, 8, 'Asia/Singapore']]],
  ['马来西亚', [['吉隆坡', 101.7, 8, 'Asia/Kuala_Lumpur']]],
  ['泰国', [['曼谷', 100.52, 7, 'Asia/Bangkok']]],
  ['越南', [['胡志明市', 106.67, 7, 'Asia/Ho_Chi_Minh']]],
  ['印度尼西亚', [['雅加达', 106.8, 7, 'Asia/Jakarta']]],
  ['菲律宾', [['马尼拉', 120.97, 8, 'Asia/Manila']]],
  ['缅甸', [['仰光', 96.17, 6.5, 'Asia/Yangon']]],
  ['印度', [['加尔各答', 88.37, 5.5, 'Asia/Kolkata']]],
  ['孟加拉国', [['达卡', 90.42, 6, 'Asia/Dhaka']]],
  ['尼泊尔', [['加德满都', 85.32, 5.75, 'Asia/Kathmandu']]],
  ['巴基斯坦', [['卡拉奇', 67.05, 5, 'Asia/Karachi']]],
  ['哈萨克斯坦', [['阿拉木图', 76.95, 5, 'Asia/Almaty']]],
  ['乌兹别克斯坦', [['塔什干', 69.3, 5, 'Asia/Tashkent']]],
  ['阿联酋', [['迪拜', 55.3, 4, 'Asia/Dubai']]],
  ['伊朗', [['德黑兰', 51.43, 3.5, 'Asia/Tehran']]],
  ['沙特阿拉伯', [['利雅得', 46.72, 3, 'Asia/Riyadh']]],
  ['土耳其', [['伊斯坦布尔', 28.97, 3, 'Europe/Istanbul']]],
  ['俄罗斯', [['莫斯科', 37.62, 3, 'Europe/Moscow']]],
  ['埃及', [['开罗', 31.25, 2, 'Africa/Cairo']]],
  ['南非', [['约翰内斯堡', 28.0, 2, 'Africa/Johannesburg']]],
  ['肯尼亚', [['内罗毕', 36.82, 3, 'Africa/Nairobi']]],
  ['尼日利亚', [['拉各斯', 3.4, 1, 'Africa/Lagos']]],
  ['英国', [['伦敦', -0.13, 0, 'Europe/London']]],
  ['爱尔兰', [['都柏林', -6.25, 0, 'Europe/Dublin']]],
  ['法国', [['巴黎', 2.33, 1, 'Europe/Paris']]],
  ['德国', [['柏林', 13.37, 1, 'Europe/Berlin']]],
  ['意大利', [['罗马', 12.48, 1, 'Europe/Rome']]],
  ['西班牙', [['马德里', -3.68, 1, 'Europe/Madrid']]],
  ['葡萄牙', [['里斯本', -9.13, 0, 'Europe/Lisbon']]],
  ['荷兰', [['阿姆斯特丹', 4.9, 1, 'Europe/Amsterdam']]],
  ['比利时', [['布鲁塞尔', 4.33, 1, 'Europe/Brussels']]],
  ['瑞士', [['苏黎世', 8.53, 1, 'Europe/Zurich']]],
  ['奥地利', [['维也纳', 16.33, 1, 'Europe/Vienna']]],
  ['瑞典', [['斯德哥尔摩', 18.05, 1, 'Europe/Stockholm']]],
  ['挪威', [['奥斯陆', 10.75, 1, 'Europe/Oslo']]],
  ['丹麦', [['哥本哈根', 12.58, 1, 'Europe/Copenhagen']]],
  ['芬兰', [['赫尔辛基', 24.97, 2, 'Europe/Helsinki']]],
  ['波兰', [['华沙', 21.0, 1, 'Europe/Warsaw']]],
  ['希腊', [['雅典', 23.72, 2, 'Europe/Athens']]],
  [
    '美国',
    [
      ['纽约', -74.01, -5, 'America/New_York'],
      ['芝加哥', -87.65, -6, 'America/Chicago'],
      ['丹佛', -104.98, -7, 'America/Denver'],
      ['凤凰城', -112.07, -7, 'America/Phoenix'],
      ['洛杉矶', -118.24, -8, 'America/Los_Angeles'],
      ['旧金山', -122.42, -8, 'America/Los_Angeles'],
      ['西雅图', -122.33, -8, 'America/Los_Angeles'],
      ['安克雷奇', -149.9, -9, 'America/Anchorage'],
      ['檀香山', -157.86, -10, 'Pacific/Honolulu']
    ]
  ],
  [
    '加拿大',
    [
      ['多伦多', -79.38, -5, 'America/Toronto'],
      ['温哥华', -123.12, -8, 'America/Vancouver']
    ]
  ],
  ['墨西哥', [['墨西哥城', -99.15, -6, 'America/Mexico_City']]],
  ['巴西', [['圣保罗', -46.62, -3, 'America/Sao_Paulo']]],
  ['阿根廷', [['布宜诺斯艾利斯', -58.45, -3, 'America/Argentina/Buenos_Aires']]],
  ['秘鲁', [['利马', -77.05, -5, 'America/Lima']]],
  [
    '澳大利亚',
    [
      ['悉尼', 151.22, 10, 'Australia/Sydney'],
      ['墨尔本', 144.97, 10, 'Australia/Melbourne'],
      ['布里斯班', 153.03, 10, 'Australia/Brisbane'],
      ['珀斯', 115.85, 8, 'Australia/Perth']
    ]
  ],
  ['新西兰', [['奥克兰', 174.77, 12, 'Pacific/Auckland']]]
]
