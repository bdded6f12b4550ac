import Taro from '@tarojs/taro'

import { deleteDivination, getDivinations, saveDivination } from '../../src/api/house'
import { clearCredential, saveCredential } from '../../src/core/credential'
import { appStorage } from '../../src/platform/storage'
import { HISTORY_KEY, loadHistory } from '../../src/tools/divination/history'
import Divination from '../../src/tools/pages/divination/divination'
import { pick, tap, tapOn } from './events'
import { renderPage, settle } from './render'

jest.mock('../../src/api/house')

const ROUTE = 'tools/pages/divination/divination'
const SAVED = {
  id: 5,
  question: '问出行',
  date: '2024-02-04 16:30',
  values: [7, 7, 7, 7, 7, 7],
  title: '乾为天',
  created_at: '2024-02-04T08:30:00.000Z'
}

async function castByHand(container: Element, values: number[]) {
  await pick(container, '.divination__time taro-picker-core[mode="date"]', '1949-10-01')
  await pick(container, '.divination__time taro-picker-core[mode="time"]', '15:00')
  await tapOn(container, '.divination__mode-hand')
  for (const [i, v] of values.entries()) await tapOn(container, `.hand__line[data-line="${i + 1}"] [data-value="${v}"]`)
  await tapOn(container, '.hand__submit')
}

describe('divination history with an account', () => {
  beforeEach(() => {
    Taro.removeStorageSync(HISTORY_KEY)
    saveCredential(appStorage, { user_id: 7, token: 'token-7' })
    jest.mocked(getDivinations).mockResolvedValue({ list: [SAVED], total: 1, page: 1, per_page: 20, last_page: 1 })
    jest.mocked(saveDivination).mockResolvedValue({ ...SAVED, id: 6 })
    jest.mocked(deleteDivination).mockResolvedValue({})
  })
  afterEach(() => {
    clearCredential(appStorage)
    jest.clearAllMocks()
  })

  it('lists the server history, saves a new chart to the account (not the device) and deletes one', async () => {
    const { container } = await renderPage(Divination, { route: ROUTE, depth: 2 })
    expect(container.querySelector('.divination__record-title')!.textContent).toBe('乾为天')
    expect(container.textContent).toContain('记录保存在您的账号中')
    // 乾为天 with 初九 moving becomes 天风姤 (《周易》 姤卦: 乾 with its first line changed)
    await castByHand(container, [9, 7, 7, 7, 7, 7])
    expect(saveDivination).toHaveBeenCalledWith({
      question: '',
      date: '1949-10-01 15:00',
      values: [9, 7, 7, 7, 7, 7],
      title: '乾为天 之 天风姤'
    })
    expect(getDivinations).toHaveBeenCalledTimes(2)
    expect(loadHistory()).toEqual([])
    await tap(container.querySelector('.divination__record-delete'))
    await settle()
    expect(deleteDivination).toHaveBeenCalledWith(5)
  })

  it('says so when the history cannot be loaded', async () => {
    jest.mocked(getDivinations).mockRejectedValue({ msg: '服务器繁忙，请稍后再试' })
    const { container } = await renderPage(Divination, { route: ROUTE, depth: 2 })
    expect(container.querySelector('.divination__history-error')!.textContent).toBe(
      '起卦记录加载失败：服务器繁忙，请稍后再试'
    )
  })
})
