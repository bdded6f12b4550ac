// H5 only, replaces @tarojs/router's tabbar.js. Our tab bar is our own (app.config tabBar.custom), and
// for a custom bar Taro's initTabbar returns at once; importing it still ships the whole <taro-tabbar>
// web component with the first page.
export function initTabbar(config) {
  if (config.tabBar == null || config.tabBar.custom) return
  throw new Error("H5 build: Taro's own tab bar was left out (config/router-tabbar.js); use tabBar.custom")
}
