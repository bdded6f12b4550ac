import Taro from '@tarojs/taro'

/** Mini-program side of opening the paid report's PDF; same exports as report-pdf.ts. */

/**
 * Downloads the PDF behind a signed link into the mini-program's own files (under its name, so that
 * forwarding it from the viewer's menu keeps the name) and opens it in WeChat's document viewer, whose
 * menu saves or sends it.
 */
export async function openReportPdf(url: string, fileName: string): Promise<'opened' | 'downloaded'> {
  const root = Taro.env?.USER_DATA_PATH
  // a record's name may hold characters a file path cannot
  const safe = fileName.replace(/[\\/:*?"<>|\s]/g, '_')
  const res = await Taro.downloadFile({ url, ...(root ? { filePath: `${root}/${safe}` } : {}) })
  if (res.statusCode !== 200) throw new Error(`下载失败（${res.statusCode}）`)
  await Taro.openDocument({ filePath: res.filePath || res.tempFilePath, fileType: 'pdf', showMenu: true })
  return 'opened'
}
