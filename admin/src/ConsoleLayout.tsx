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
  MenuOutlined,
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
import { Button, Dropdown, Menu, type MenuProps, Result } from 'antd'
import { type ReactNode, Suspense, useEffect, useState } from 'react'
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom'

import { NoticeBell } from './components/NoticeBell'
import { PasswordModal } from './components/PasswordModal'
import { Loading } from './ConsoleApp'
import { useCardLabels, usePhone } from './phone'
import {
  CourseEditorScreen,
  GoodsEditScreen,
  GROUP_ORDER,
  OrderDetailScreen,
  type SectionGroup,
  SECTIONS,
  UserDetailScreen
} from './sections'
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

const GROUP_ICONS: Record<SectionGroup, ReactNode> = {
  仪表盘: <DashboardOutlined />,
  订单: <ProfileOutlined />,
  商品: <ShoppingOutlined />,
  营销: <GiftOutlined />,
  课程与教学: <PlayCircleOutlined />,
  内容: <FileTextOutlined />,
  用户: <UserOutlined />,
  财务: <MoneyCollectOutlined />,
  设置: <SettingOutlined />
}

type Section = (typeof SECTIONS)[number]
type MenuItem = NonNullable<MenuProps['items']>[number]

const groupKey = (group: SectionGroup) => `group:${group}`

/** The section a path belongs to: its own list, or the list a detail page (`/orders/12`) was opened from. */
const sectionOf = (sections: readonly Section[], pathname: string) =>
  sections.find((s) => pathname === s.path || pathname.startsWith(`${s.path}/`))

/**
 * The menu's items by group, each group only when the role sees one of its sections. A group holding one section
 * shows that section alone: a role limited to one screen (a teacher's 我的预约) gets no folder to open.
 */
function menuItems(sections: readonly Section[]): MenuItem[] {
  const item = (s: Section): MenuItem => ({ key: s.path, icon: ICONS[s.icon], label: s.name })
  return GROUP_ORDER.flatMap((group): MenuItem[] => {
    const inGroup = sections.filter((s) => s.group === group)
    if (inGroup.length <= 1) return inGroup.map(item)
    return [{ key: groupKey(group), icon: GROUP_ICONS[group], label: group, children: inGroup.map(item) }]
  })
}

/** The console's frame: the menu holds only the sections the operator's role may open. */
export default function ConsoleLayout() {
  const { me, can, logout } = useSession()
  const location = useLocation()
  const navigate = useNavigate()
  const [changingPassword, setChangingPassword] = useState(false)
  const phone = usePhone()
  // On a phone the menu is a drawer, closed until the header's button opens it.
  const [collapsed, setCollapsed] = useState(phone)
  useEffect(() => setCollapsed(phone), [phone])
  useCardLabels(phone)
  const sections = SECTIONS.filter((s) => can(s.permission))
  const current = sectionOf(sections, location.pathname)
  const currentGroup = current && sections.filter((s) => s.group === current.group).length > 1 ? current.group : null
  const [openKeys, setOpenKeys] = useState<string[]>(currentGroup ? [groupKey(currentGroup)] : [])
  // The open group follows the route (a deep link, a link from the dashboard or the bell); others stay closed.
  useEffect(() => setOpenKeys(currentGroup ? [groupKey(currentGroup)] : []), [currentGroup])
  const go = (path: string) =>
    leave(() => {
      navigate(path)
      if (phone) setCollapsed(true)
    })
  return (
    <ProLayout
      title="易学运营后台"
      logo={false}
      layout="mix"
      fixSiderbar
      collapsed={collapsed}
      onCollapse={setCollapsed}
      location={{ pathname: location.pathname }}
      route={{
        path: '/',
        routes: GROUP_ORDER.map((group) => ({
          key: groupKey(group),
          name: group,
          routes: sections.filter((s) => s.group === group).map((s) => ({ path: s.path, name: s.name }))
        })).filter((g) => g.routes.length)
      }}
      menuContentRender={(props) => (
        <Menu
          mode="inline"
          inlineCollapsed={!!props.collapsed && !phone}
          // Closed groups keep their items in the page, so the menu's text lists everything the role may open.
          forceSubMenuRender
          items={menuItems(sections)}
          selectedKeys={current ? [current.path] : []}
          openKeys={openKeys}
          onOpenChange={setOpenKeys}
          onClick={({ key }) => go(key)}
          style={{ borderInlineEnd: 'none', background: 'transparent' }}
        />
      )}
      headerContentRender={() =>
        phone && (
          <span className="console-phone-title">
            <Button type="text" aria-label="菜单" icon={<MenuOutlined />} onClick={() => setCollapsed(false)} />
            易学运营后台
          </span>
        )
      }
      actionsRender={() => [<NoticeBell key="bell" />]}
      avatarProps={{
        title: phone ? me.username : `${me.username}（${me.role_name}）`,
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
