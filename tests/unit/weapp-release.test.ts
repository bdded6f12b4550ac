// A release build of the mini-program is refused when it would call an address WeChat never calls, and lists
// the domains to enter in the admin (config/weapp-release.ts).
import { releaseProblems, weappDomains } from '../../config/weapp-release'

const GOOD = {
  API_BASE: 'https://api.yixue.example.com',
  H5_URL: 'https://m.yixue.example.com/',
  STORAGE_URL: 'https://cdn.yixue.example.com/uploads',
  WEAPP_APPID: 'wx0123456789abcdef'
}

describe('a release build of the mini-program', () => {
  it('accepts https:// domains and a real AppID', () => {
    expect(releaseProblems(GOOD)).toEqual([])
  })

  it.each([
    [{ API_BASE: undefined }, /^API_BASE is not set/],
    [{ API_BASE: 'http://api.yixue.example.com' }, /^API_BASE=http:\/\/api\.yixue\.example\.com is not https:\/\//],
    [{ API_BASE: 'https://127.0.0.1:3000' }, /^API_BASE=.* points at this machine/],
    [{ API_BASE: 'https://localhost' }, /^API_BASE=.* points at this machine/],
    [{ API_BASE: 'https://[::1]:3000' }, /^API_BASE=.* points at this machine/],
    [{ API_BASE: 'https://10.0.0.8' }, /^API_BASE=.* is an IP address/],
    [{ API_BASE: 'api.yixue.example.com' }, /^API_BASE=.* is not an address/],
    [{ H5_URL: 'http://m.yixue.example.com' }, /^H5_URL=.* is not https:\/\//],
    [{ STORAGE_URL: 'https://192.168.1.2/uploads' }, /^STORAGE_URL=.* is an IP address/],
    [{ WEAPP_APPID: undefined }, /^WEAPP_APPID is not set/],
    [{ WEAPP_APPID: 'touristappid' }, /^WEAPP_APPID=touristappid is not an AppID/]
  ])('refuses %j, naming the variable', (change, message) => {
    const problems = releaseProblems({ ...GOOD, ...change })
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(message)
  })

  it('lists each domain once, by the kind the admin asks for', () => {
    expect(weappDomains(GOOD)).toEqual({
      request: ['https://api.yixue.example.com'],
      uploadFile: ['https://api.yixue.example.com'],
      downloadFile: ['https://api.yixue.example.com', 'https://cdn.yixue.example.com'],
      webView: ['https://m.yixue.example.com']
    })
    expect(weappDomains({ API_BASE: GOOD.API_BASE }).downloadFile).toEqual(['https://api.yixue.example.com'])
    expect(weappDomains({ API_BASE: GOOD.API_BASE }).webView).toEqual([])
  })
})
