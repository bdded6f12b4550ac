import HomeView from '@/components/Home/HomeView'
import { useHome } from '@/components/Home/useHome'
import Page from '@/components/Page'
import { usePullRefresh } from '@/hooks/usePullRefresh'

/** pages/index/index: the home content as an ordinary page (preloads the pages/tools package). */
export default function Home() {
  const home = useHome()
  usePullRefresh(() => home.reload())
  return (
    <Page>
      <HomeView {...home} />
    </Page>
  )
}
