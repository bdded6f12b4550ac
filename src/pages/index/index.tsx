import Page from '../../components/Page'

export default function Home() {
  return <Page>首页</Page>
}
