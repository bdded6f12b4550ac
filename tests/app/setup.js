// Taro's H5 runtime for page tests. @tarojs/taro must load first (its modules import each other in a circle).
process.env.TARO_ENV = 'h5'
require('@tarojs/taro')
// React's capture-phase listeners are not supported by Taro's element and say so on every render.
const warn = console.warn
console.warn = (...args) => {
  if (String(args[0]).includes('capture 特性')) return
  warn(...args)
}

// Creating a React app initialises Taro's page context, so the page hooks (useDidShow ...) can be used.
const React = require('react')
// The page-test transform compiles JSX to React.createElement (classic runtime).
global.React = React
const ReactDOM = require('react-dom/client')
const { createReactApp } = require('@tarojs/plugin-framework-react/dist/runtime')
createReactApp(({ children }) => children, React, ReactDOM, { pages: [], window: {} })
