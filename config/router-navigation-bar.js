// H5 only, replaces @tarojs/router's navigationBar.js. Every page draws its own navigation bar
// (app.config window.navigationStyle 'custom'), yet Taro's router built its own at start all the same, for
// nothing to show: three SVG icons parsed from HTML and a stylesheet injected, on the main thread while the
// home starts. Taro's handler of that bar does nothing when it is not in the page (each of its methods
// returns when the element is missing); the page's title is still set.
export function initNavigationBar(config) {
  if (config.window?.navigationStyle === 'custom') return
  throw new Error("H5 build: Taro's own navigation bar was left out (config/router-navigation-bar.js)")
}
