/** Tab icons drawn by us as 24x24 SVG paths (stroke icons), drawn in any colour by StrokeIcon. */
export const TAB_ICON_PATHS: readonly string[] = [
  // 0 首页: a house
  'M3 11.5 12 4l9 7.5M5.5 9.5V20h13V9.5M10 20v-5.5h4V20',
  // 1 服务: a speech bubble with a yin-yang dot
  'M4 5h16v11H9l-5 4V5zM9.5 10.5h.01M14.5 10.5h.01',
  // 2 课程: an open book
  'M12 6.5C10 5 7 4.5 3.5 5v13c3.5-.5 6.5 0 8.5 1.5 2-1.5 5-2 8.5-1.5V5C17 4.5 14 5 12 6.5zM12 6.5v13',
  // 3 证书: a certificate with a ribbon
  'M4 4h16v11H4zM8 8h8M8 11h5M15 15v5l1.5-1 1.5 1v-5',
  // 4 商城: a shopping bag
  'M5 8h14l-1 12H6L5 8zM9 8V6.5a3 3 0 0 1 6 0V8',
  // 5 我的: a person
  'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4.5 20.5c1-4 4-6 7.5-6s6.5 2 7.5 6'
]
