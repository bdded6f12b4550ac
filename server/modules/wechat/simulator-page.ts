import type { SimUser } from './simulator-store'

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string)

function hidden(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('')
}

/** The simulator's stand-in for WeChat's "授权登录" screen: pick a test user or create one. */
export function renderAuthorizePage(users: SimUser[], redirectUri: string, state: string, action: string): string {
  const keep = hidden({ redirect_uri: redirectUri, state })
  const rows = users
    .map(
      (u) => `<form method="post" action="${escapeHtml(action)}" class="row">${keep}${hidden({ openid: u.openid })}
<span class="avatar">${escapeHtml(u.nickname.slice(0, 1))}</span><span class="name">${escapeHtml(u.nickname)}</span>
<button type="submit">以此身份登录</button></form>`
    )
    .join('\n')
  return (
    `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1,maximum-scale=1">
<title>微信授权登录（模拟）</title>
<style>
body{margin:0;font-family:-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#f8f8f8;color:#222}
header{background:#07c160;color:#fff;padding:20px 16px}header h1{margin:0;font-size:18px}header p{ma` +
    `rgin:6px 0 0;font-size:13px;opacity:.9}
main{padding:12px}.card{background:#fff;border-radius:8px;padding:4px 12px;margin-bottom:12px}
.row{display:flex;align-items:center;padding:10px 0;border-bottom:1px solid #eee}.row:last-child{border-bottom:0}
.avatar{width:36px;height:36px;border-radius:50%;background:#ffe4c4;color:#c0601a;display:flex;align` +
    `-items:center;justify-content:center;font-weight:bold}
.name{flex:1;margin-left:10px;font-size:15px}
button{background:#07c160;color:#fff;border:0;border-radius:4px;padding:8px 12px;font-size:14px}
input[type=text]{flex:1;padding:8px;border:1px solid #ddd;border-radius:4px;font-size:15px;margin-right:8px}
h2{font-size:14px;color:#888;font-weight:normal;margin:16px 4px 8px}
</style></head>
<body><header><h1>微信授权登录（模拟器）</h1><p>未配置微信公众号时使用本页代替微信授权，选择一个测试用户继续。</p></header>
<main><h2>测试用户</h2><div class="card">${rows || '<p>暂无测试用户，请在下方新建。</p>'}</div>
<h2>新建测试用户</h2><div class="card"><form method="post" action="${escapeHtml(action)}" class="row">${keep}
<input type="text" name="nickname" maxlength="32" placeholder="昵称" required><button type="submit">` +
    `新建并登录</button></form></div>
</main></body></html>`
  )
}
