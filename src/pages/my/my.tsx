import TabPage from '@/components/TabPage'

export default function TabRoute() {
  return <TabPage index={5} />
}
