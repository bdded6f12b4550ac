import { isWechatBrowser } from './env'

/** Browser side of opening the paid report's PDF; the mini-program's is report-pdf.weapp.ts with the same exports. */

/**
 * Opens the PDF behind a signed link: WeChat's browser blocks downloads, so there the page goes to the
 * file and WeChat shows it (back returns to the report); any other browser downloads it under its name
 * (a link on another origin opens in a new tab instead).
 */
export async function openReportPdf(url: string, fileName: string): Promise<'opened' | 'downloaded'> {
  if (isWechatBrowser()) {
    window.location.assign(url)
    return 'opened'
  }
  const a = document.createElement('a')
  a.href = url
  a.download = fileName
  a.target = '_blank'
  a.rel = 'noopener'
  document.body.appendChild(a)
  a.click()
  a.remove()
  return 'downloaded'
}
