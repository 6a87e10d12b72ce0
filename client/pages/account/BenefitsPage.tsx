// /xiezai-huodong/, the limited-time benefits page: the membership plans of shared/products.ts, each
// with 立即开通 opening the payment layer on that plan, what a member gets, the tiers side by side
// and the usual questions. The page draws its own head (a banner).
import { TRYOUT_PAGES } from '../../../shared/tryout';
import { findTool } from '../../../shared/catalogue';
import { DAILY_USES } from '../../../shared/daily-uses';
import { formatSizeLimit } from '../../../shared/format';
import { MEMBERSHIPS, SPEECH_MINUTES_PER_VIP_MONTH, TRANSLATIONS_PER_VIP_MONTH, yuan, type Product } from '../../../shared/products';
import { formatDay } from '../../components/pay/dates';
import { usePayLayer, useVipState } from '../../components/pay';
import './benefits.css';

const DOCUMENT = findTool('pdf-to-word')!;
const BATCH = findTool('pdf-merge')!;
const MEDIA = findTool('video-to-word');

const size = formatSizeLimit;

const PERKS: { title: string; text: string; icon: string }[] = [
  { title: '不限次数', text: '60余种PDF、Office、图片、音视频工具，每天随便用', icon: '次' },
  { title: '大文件', text: `单个文件最大 ${size(DOCUMENT.maxFileSize.vip)}${MEDIA ? `，音视频 ${size(MEDIA.maxFileSize.vip)}` : ''}`, icon: '大' },
  { title: '批量处理', text: `合并、图片转PDF等一次最多 ${BATCH.maxFiles.vip} 个文件`, icon: '批' },
  { title: '语音转文字', text: `每月 ${SPEECH_MINUTES_PER_VIP_MONTH} 分钟高精度语音/视频转文字`, icon: '音' },
  { title: '文档翻译', text: `每月 ${TRANSLATIONS_PER_VIP_MONTH} 次文档翻译额度`, icon: '译' },
  { title: '立即生效', text: '支付成功即刻开通，续费自动顺延', icon: '快' },
];

const TIERS: { label: string; guest: string; user: string; vip: string }[] = [
  { label: '每个工具每天', guest: `${DAILY_USES.guest} 次`, user: `${DAILY_USES.user} 次`, vip: '不限次数' },
  { label: '单个文件大小', guest: size(DOCUMENT.maxFileSize.guest), user: size(DOCUMENT.maxFileSize.user), vip: size(DOCUMENT.maxFileSize.vip) },
  { label: 'PDF 转 Word/Excel/PPT', guest: `前 ${TRYOUT_PAGES} 页`, user: `前 ${TRYOUT_PAGES} 页`, vip: '全部页面' },
  { label: '批量文件数', guest: `${BATCH.maxFiles.guest} 个`, user: `${BATCH.maxFiles.user} 个`, vip: `${BATCH.maxFiles.vip} 个` },
  { label: '语音转文字', guest: '—', user: '—', vip: `${SPEECH_MINUTES_PER_VIP_MONTH} 分钟/月` },
  { label: '文档翻译', guest: '—', user: '—', vip: `${TRANSLATIONS_PER_VIP_MONTH} 次/月` },
];

const QUESTIONS: { q: string; a: string }[] = [
  { q: '会员什么时候生效？', a: '扫码支付成功后立即生效，页面会自动刷新会员状态，无需重新登录。' },
  { q: '已经是会员，还能续费吗？', a: '可以。续费的时长从当前会员到期日起顺延，不会浪费剩余天数。' },
  { q: '支持哪些支付方式？', a: '支持微信支付和支付宝扫码支付，订单和支付状态可在“我的订单”中查看。' },
  { q: '上传的文件安全吗？', a: '文件仅用于本次处理，处理完成 2 小时后自动删除。' },
];

function months(plan: Product): number {
  return (plan.months ?? 1) + (plan.bonusMonths ?? 0);
}

function PlanCard({ plan, onBuy }: { plan: Product; onBuy(): void }) {
  const best = Boolean(plan.bonusMonths);
  return (
    <article className={`plan${best ? ' is-best' : ''}`} data-product={plan.productId}>
      {best && <span className="plan-tag">推荐 · 加赠{plan.bonusMonths}个月</span>}
      <h2>{plan.title}</h2>
      <p className="plan-price">
        <small>¥</small>
        {yuan(plan.amountFen)}
      </p>
      <p className="plan-list">{plan.listFen ? <>原价 <s>¥{yuan(plan.listFen)}</s></> : '\u00a0'}</p>
      <p className="plan-month">{months(plan) > 1 ? `折合每月 ¥${(plan.amountFen / months(plan) / 100).toFixed(1)}` : '灵活体验，随时续费'}</p>
      <p className="plan-desc">{plan.desc}</p>
      <button type="button" className={`btn plan-buy${best ? ' btn-primary' : ' btn-outline'}`} onClick={onBuy}>
        立即开通
      </button>
    </article>
  );
}

export function BenefitsPage() {
  const openPay = usePayLayer();
  const vip = useVipState();
  return (
    <section className="activity">
      <div className="activity-banner">
        <p className="activity-kicker">PDF365 会员</p>
        <h1>限时福利 · 会员特惠</h1>
        <p>全站 60 余种工具不限次数，文件更大、批量更多，另含每月 {SPEECH_MINUTES_PER_VIP_MONTH} 分钟高精度语音转文字</p>
        {vip.isVip && vip.expireTime365 && <p className="activity-mine">您已是会员，有效期至 {formatDay(vip.expireTime365)}，续费自动顺延</p>}
      </div>
      <div className="container activity-plans">
        {MEMBERSHIPS.map((plan) => (
          <PlanCard key={plan.productId} plan={plan} onBuy={() => openPay({ from: 'benefits', productId: plan.productId })} />
        ))}
      </div>
      <div className="container">
        <section className="activity-section" aria-labelledby="perks-heading">
          <h2 id="perks-heading" className="activity-title">
            会员专享权益
          </h2>
          <ul className="activity-perks">
            {PERKS.map((perk) => (
              <li key={perk.title}>
                <span className="activity-perk-icon" aria-hidden="true">
                  {perk.icon}
                </span>
                <strong>{perk.title}</strong>
                <span>{perk.text}</span>
              </li>
            ))}
          </ul>
        </section>
        <section className="activity-section" aria-labelledby="tiers-heading">
          <h2 id="tiers-heading" className="activity-title">
            权益对比
          </h2>
          <div className="activity-table-wrap">
            <table className="activity-table">
              <thead>
                <tr>
                  <th scope="col">权益</th>
                  <th scope="col">未登录</th>
                  <th scope="col">登录用户</th>
                  <th scope="col" className="is-vip">
                    会员
                  </th>
                </tr>
              </thead>
              <tbody>
                {TIERS.map((row) => (
                  <tr key={row.label}>
                    <th scope="row">{row.label}</th>
                    <td>{row.guest}</td>
                    <td>{row.user}</td>
                    <td className="is-vip">{row.vip}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
        <section className="activity-section" aria-labelledby="faq-heading">
          <h2 id="faq-heading" className="activity-title">
            常见问题
          </h2>
          <dl className="activity-faq">
            {QUESTIONS.map(({ q, a }) => (
              <div key={q}>
                <dt>{q}</dt>
                <dd>{a}</dd>
              </div>
            ))}
          </dl>
        </section>
      </div>
    </section>
  );
}
