import './console.css'

import { App as AntApp, ConfigProvider } from 'antd'
import zhCN from 'antd/locale/zh_CN'
import { createRoot } from 'react-dom/client'
import { HashRouter } from 'react-router-dom'

import { ConsoleApp } from './ConsoleApp'
import { useReducedMotion } from './useReducedMotion'

function Root() {
  const still = useReducedMotion()
  return (
    <ConfigProvider locale={zhCN} theme={{ token: { colorPrimary: '#b8860b', motion: !still } }}>
      <AntApp>
        <HashRouter>
          <ConsoleApp />
        </HashRouter>
      </AntApp>
    </ConfigProvider>
  )
}

createRoot(document.getElementById('root')!).render(<Root />)
