import { getPayStatus } from '@/api/pay'
import { type PayOutcome, waitForPayment } from '@/core/pay'

/**
 * Paying outside WeChat (browser only; the mini-program always pays with wx.requestPayment): pay-web.weapp.ts has the
 * same exports.
 */

/** H5 payment: WeChat's cashier page, which sends the browser back to the pay result page. */
export function openPayPage(url: string): void {
  window.location.href = url
}

const POLL_MS = 2000

/** An SVG of the QR (the invitation poster's encoder, loaded only when someone pays this way). */
async function qrSvg(text: string): Promise<string> {
  const { encodeQr } = await import('@/components/share/qr')
  const { size, dark } = encodeQr(text)
  const quiet = 4
  let path = ''
  dark.forEach((row, y) => row.forEach((on, x) => (path += on ? `M${x + quiet} ${y + quiet}h1v1h-1z` : '')))
  const n = size + quiet * 2
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${n} ${n}" shape-rendering="crispEdges"><rect ` +
    `width="${n}" height="${n}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`
  )
}

/**
 * Native payment on a desktop: a QR to scan with WeChat, the payment asked about until it is paid or the user closes
 * it.
 */
export async function scanToPay(codeUrl: string, outTradeNo: string): Promise<PayOutcome> {
  const svg = await qrSvg(codeUrl)
  const overlay = document.createElement('div')
  overlay.className = 'pay-qr'
  overlay.setAttribute(
    'style',
    'position:fixed;inset:0;z-index:10000;background:rgba(0,0,0,.6);' +
      'display:flex;align-items:center;justify-content:center'
  )
  overlay.innerHTML =
    `<div style="background:#fff;border-radius:12px;padding:24px;width:280px;text-` +
    `align:center;font-size:14px;color:#333">
    <div style="font-size:17px;font-weight:600;margin-bottom:12px">微信扫码支付</div>
    <img class="pay-qr__code" alt="微信支付二维码" style="width:220px;height:220px" src="data:image/svg+xml` +
    `;charset=utf-8,${encodeURIComponent(svg)}"/>
    <div style="margin:12px 0;color:#666">请使用微信“扫一扫”完成支付<br/>支付成功后自动继续</div>
    <button class="pay-qr__cancel" type="button" style="border:1px solid #ddd;background:#fff;border` +
    `-radius:18px;padding:6px 24px">取消支付</button>
  </div>`
  let cancelled = false
  overlay.querySelector('.pay-qr__cancel')!.addEventListener('click', () => (cancelled = true))
  document.body.appendChild(overlay)
  try {
    return await waitForPayment(async () => (await getPayStatus({ out_trade_no: outTradeNo })).status, {
      intervalMs: POLL_MS,
      stopped: () => cancelled
    })
  } finally {
    overlay.remove()
  }
}
