import { App as AntApp, ConfigProvider } from 'antd'
import zhCN from 'antd/locale/zh_CN'
import { createRoot } from 'react-dom/client'
import { HashRouter } from 'react-router-dom'

import { ConsoleApp } from './ConsoleApp'

createRoot(document.getElementById('root')!).render(
  <ConfigProvider locale={zhCN} theme={{ token: { colorPrimary: '#b8860b' } }}>
    <AntApp>
      <HashRouter>
        <ConsoleApp />
      </HashRouter>
    </AntApp>
  </ConfigProvider>
)
