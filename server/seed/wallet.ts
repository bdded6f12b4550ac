import type { Tx } from '../db/database'
import { commissionRules, sitePages, walletSettings } from '../db/schema'
import { sanitizeArticleHtml } from '../modules/article/sanitize'
import { SETTING_KEYS } from '../modules/wallet/settings'

/**
 * Demo commission rates (basis points: 1000 = 10%) and refund windows per business type. These are
 * the operator's business choices (the spec leaves them open); change them in commission_rules.
 */
const RULES = [
  { bizType: 'goods', level1Bp: 1000, level2Bp: 500, refundDays: 7 },
  { bizType: 'course', level1Bp: 2000, level2Bp: 1000, refundDays: 7 },
  { bizType: 'activity', level1Bp: 1000, level2Bp: 500, refundDays: 3 },
  { bizType: 'report', level1Bp: 3000, level2Bp: 1000, refundDays: 1 },
  { bizType: 'certificate', level1Bp: 1000, level2Bp: 500, refundDays: 7 },
  { bizType: 'membership', level1Bp: 2000, level2Bp: 1000, refundDays: 7 },
  { bizType: 'service', level1Bp: 1500, level2Bp: 500, refundDays: 7 }
] as const

const SETTINGS = [
  { key: SETTING_KEYS.minFen, value: 1000, remark: '单笔最低提现（分）' },
  { key: SETTING_KEYS.dailyLimitFen, value: 500_000, remark: '每日提现上限（分）' }
]

const PAGES = [
  {
    key: 'commission-rule',
    title: '推广佣金规则',
    content: `<h3>一、如何成为推荐人</h3>
<p>登录后打开「我的 - 邀请函」，将专属海报或链接分享给好友。好友通过您的链接或海报首次登录，即成为您的推荐好友，关系一经绑定不再变更。</p>
<h3>二、佣金如何计算</h3>
<p>好友在平台购买商品、课程、活动、测算报告、证书报名、会员或咨询服务并完成支付后，您可获得一级佣金；您的好友推荐来的用户消费，您可获得二级佣金。各类业务的佣金比例以平台公布为准：</p>
<ul>
<li>易学课程：一级 20%，二级 10%</li>
<li>测算报告：一级 30%，二级 10%</li>
<li>咨询服务：一级 15%，二级 5%</li>
<li>易学好物、活动、证书报名：一级 10%，二级 5%</li>
<li>会员：一级 20%，二级 10%</li>
</ul>
<p>佣金按实付金额计算，精确到分，不足一分的部分不计。</p>
<h3>三、冻结与到账</h3>
<p>为保障消费者的退款权益，佣金在订单可退款期间处于「冻结中」：商品、课程、证书、会员与服务为 7 天，活动为 3 天，测算报告为 1 天。期满后自动转为可提现余额。</p>
<h3>四、退款</h3>
<p>好友订单退款时，冻结中的佣金自动取消；已到账的佣金将从余额中扣回，余额不足的部分从今后的佣金中抵扣。</p>
<h3>五、其他</h3>
<p>以刷单、自买自推等不正当方式获取佣金的，平台有权取消相应佣金并停止推广资格。</p>`
  },
  {
    key: 'withdraw-rule',
    title: '提现说明',
    content: `<p>1. 可提现余额满 10 元即可申请提现，每日累计提现不超过 5000 元。</p>
<p>2. 请填写与微信实名一致的真实姓名，审核通过后提现金额将打入您的微信零钱。</p>
<p>3. 提现申请一般在 1~3 个工作日内处理；被驳回的申请金额将全额退回可提现余额，并注明驳回原因。</p>
<p>4. 提现过程中如有疑问，请在「关于我们」中联系客服。</p>`
  }
]

/** Commission rules, withdrawal limits and the rule pages shown by pages/text/text. */
export async function seedWallet(tx: Tx): Promise<void> {
  await tx
    .insert(commissionRules)
    .values([...RULES])
    .onConflictDoNothing()
  await tx.insert(walletSettings).values(SETTINGS).onConflictDoNothing()
  await tx
    .insert(sitePages)
    .values(PAGES.map((p) => ({ ...p, content: sanitizeArticleHtml(p.content) })))
    .onConflictDoNothing({ target: sitePages.key })
}
