import {
  AccountBookOutlined,
  ApiOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BookOutlined,
  CalendarOutlined,
  CarOutlined,
  CarryOutOutlined,
  DashboardOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  FormOutlined,
  GiftOutlined,
  HomeOutlined,
  IdcardOutlined,
  KeyOutlined,
  LogoutOutlined,
  MoneyCollectOutlined,
  PlayCircleOutlined,
  ProfileOutlined,
  ReadOutlined,
  ReconciliationOutlined,
  RollbackOutlined,
  SafetyCertificateOutlined,
  ScheduleOutlined,
  SettingOutlined,
  ShoppingOutlined,
  SolutionOutlined,
  TeamOutlined,
  UnorderedListOutlined,
  UserOutlined
} from '@ant-design/icons'
import { ProLayout } from '@ant-design/pro-components'
import { Dropdown, Result } from 'antd'
import { Suspense, useState } from 'react'
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom'

import { NoticeBell } from './components/NoticeBell'
import { PasswordModal } from './components/PasswordModal'
import { Loading } from './ConsoleApp'
import { CourseEditorScreen, GoodsEditScreen, OrderDetailScreen, SECTIONS, UserDetailScreen } from './sections'
import { useSession } from './session'
import { leave } from './unsaved'

const ICONS = {
  dashboard: <DashboardOutlined />,
  orders: <ProfileOutlined />,
  sales: <UnorderedListOutlined />,
  reconciliation: <ReconciliationOutlined />,
  refunds: <RollbackOutlined />,
  goods: <ShoppingOutlined />,
  categories: <AppstoreOutlined />,
  freight: <CarOutlined />,
  coupons: <GiftOutlined />,
  withdrawals: <MoneyCollectOutlined />,
  users: <UserOutlined />,
  commissions: <AccountBookOutlined />,
  walletSettings: <SettingOutlined />,
  toolProducts: <FileSearchOutlined />,
  home: <HomeOutlined />,
  channels: <ApiOutlined />,
  notifySettings: <SettingOutlined />,
  reviews: <FileSearchOutlined />,
  services: <CalendarOutlined />,
  certificates: <SafetyCertificateOutlined />,
  memberships: <IdcardOutlined />,
  signups: <CarryOutOutlined />,
  operators: <TeamOutlined />,
  audit: <AuditOutlined />,
  courses: <PlayCircleOutlined />,
  examBanks: <BookOutlined />,
  examPapers: <FormOutlined />,
  teachers: <SolutionOutlined />,
  consultServices: <ReadOutlined />,
  desk: <ScheduleOutlined />,
  articles: <FileTextOutlined />,
  certificateTypes: <SafetyCertificateOutlined />,
  activities: <CalendarOutlined />
}

/** The console's frame: the menu holds only the sections the operator's role may open. */
export default function ConsoleLayout() {
  const { me, can, logout } = useSession()
  const location = useLocation()
  const navigate = useNavigate()
  const [changingPassword, setChangingPassword] = useState(false)
  const sections = SECTIONS.filter((s) => can(s.permission))
  return (
    <ProLayout
      title="易学运营后台"
      logo={false}
      layout="mix"
      fixSiderbar
      location={{ pathname: location.pathname }}
      route={{ path: '/', routes: sections.map((s) => ({ path: s.path, name: s.name, icon: ICONS[s.icon] })) }}
      menuItemRender={(item, dom) => <a onClick={() => leave(() => navigate(item.path!))}>{dom}</a>}
      actionsRender={() => [<NoticeBell key="bell" />]}
      avatarProps={{
        title: `${me.username}（${me.role_name}）`,
        size: 'small',
        render: (_props, dom) => (
          <Dropdown
            menu={{
              items: [
                { key: 'password', icon: <KeyOutlined />, label: '修改密码', onClick: () => setChangingPassword(true) },
                { key: 'logout', icon: <LogoutOutlined />, label: '退出登录', onClick: () => void logout() }
              ]
            }}
          >
            <span className="console-account">{dom}</span>
          </Dropdown>
        )
      }}
    >
      <Suspense fallback={<Loading />}>
        <Routes>
          {sections.map((s) => (
            <Route key={s.path} path={s.path} element={<s.screen />} />
          ))}
          {can('order.view') && <Route path="/orders/:id" element={<OrderDetailScreen />} />}
          {can('user.view') && <Route path="/users/:id" element={<UserDetailScreen />} />}
          {can('goods.view') && <Route path="/goods/:id" element={<GoodsEditScreen />} />}
          {can('course.view') && <Route path="/courses/:id" element={<CourseEditorScreen />} />}
          <Route
            path="/"
            element={
              sections.length ? (
                <Navigate to={sections[0].path} replace />
              ) : (
                <Result title="欢迎使用运营后台" subTitle="当前角色暂无可用的功能，请联系店主分配权限" />
              )
            }
          />
          <Route
            path="*"
            element={<Result status="403" title="无法打开此页" subTitle="页面不存在，或当前角色没有权限" />}
          />
        </Routes>
      </Suspense>
      <PasswordModal open={changingPassword} onClose={() => setChangingPassword(false)} />
    </ProLayout>
  )
}
