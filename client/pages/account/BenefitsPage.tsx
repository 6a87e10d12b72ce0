// /xiezai-huodong/, the limited-time benefits page: the membership plans of shared/products.ts, each
// with 立即开通 opening the payment layer on that plan (list price, sale price, what it saves, the
// 12 months' bonus month), the speech and ID-photo packs with 立即购买 opening the layer on that
// pack, what a member gets, the tiers side by side, the activity's rules and the usual questions.
// The page draws its own head (a banner, SPEC §2 custom head). The current period and its
// countdown (to the end of the month, Beijing time) are drawn after hydration only: the server's
// page is cached, so it carries no clock.
import { TRYOUT_PAGES } from '../../../shared/tryout';
import { findTool } from '../../../shared/catalogue';
import { DAILY_USES } from '../../../shared/daily-uses';
import { formatFileSize, formatSizeLimit } from '../../../shared/format';
import { COUPONS, MEMBERSHIPS, PHOTO_PACKS, SPEECH_MINUTES_PER_VIP_MONTH, SPEECH_PACKS, TRANSLATIONS_PER_VIP_MONTH, yuan, type Product } from '../../../shared/products';
import { useEffect, useState } from 'react';
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
  { q: '可以开发票吗？', a: '可以。支付成功后在“申请发票”页选择订单，可开电子发票或纸质发票。' },
  { q: '买错了怎么办？', a: '请在“意见反馈”中选择“账号与支付”并留下订单信息，客服核实后为您处理。' },
];

const speechPacks = SPEECH_PACKS.filter((p) => p.validDays! > 7);
const shortCards = SPEECH_PACKS.filter((p) => p.validDays! <= 7);
const speechVoucher = COUPONS.find((c) => c.categoryId === 'video2word');
const photoVoucher = COUPONS.find((c) => c.categoryId === 'photoBackground');

/** The activity's rules: what the products table sells, as it sells it. */
const RULES: string[] = [
  `本期活动期间开通会员享特惠价：${MEMBERSHIPS.map((p) => `${p.title}¥${yuan(p.amountFen)}${p.listFen ? `（原价¥${yuan(p.listFen)}）` : ''}`).join('，')}。`,
  ...MEMBERSHIPS.filter((p) => p.bonusMonths).map((p) => `开通${p.title}加赠${p.bonusMonths}个月，共${months(p)}个月会员，赠送月份与购买月份权益相同。`),
  `会员时长自支付成功起计算；已是会员的，续费时长从当前到期日起顺延。每个会员月含 ${SPEECH_MINUTES_PER_VIP_MONTH} 分钟高精度语音转文字和 ${TRANSLATIONS_PER_VIP_MONTH} 次文档翻译额度，当月有效。`,
  `语音转文字时长包自购买起 ${speechPacks[0]?.validDays ?? 370} 天内有效${shortCards.length ? `，${shortCards.map((p) => `${p.title.replace(/^\d+分钟/, '')}${p.validDays}天`).join('、')}内有效` : ''}；证件照次数包自购买起一年内有效。`,
  `领取的${[speechVoucher, photoVoucher].filter(Boolean).map((c) => `${c!.title}（¥${yuan(c!.priceFen)}）`).join('、')}可在购买对应次数包时抵扣，每个账号每种券限领一张。`,
  '会员与次数包均为虚拟商品，支付成功后立即到账，可在“我的订单”中查看，并可申请发票。',
  '如遇支付扣款后权益未到账等问题，请通过“意见反馈”联系我们，客服会在 1–2 个工作日内处理。',
];

function months(plan: Product): number {
  return (plan.months ?? 1) + (plan.bonusMonths ?? 0);
}

/** The end of this calendar month in Beijing (UTC+8, no daylight saving): when the period's countdown reaches zero. */
function periodOf(now: number): { start: number; end: number } {
  const cst = new Date(now + 8 * 3600_000);
  const start = Date.UTC(cst.getUTCFullYear(), cst.getUTCMonth(), 1) - 8 * 3600_000;
  const end = Date.UTC(cst.getUTCFullYear(), cst.getUTCMonth() + 1, 1) - 8 * 3600_000;
  return { start, end };
}

const monthDay = (ms: number) => {
  const cst = new Date(ms + 8 * 3600_000);
  return `${cst.getUTCMonth() + 1}月${cst.getUTCDate()}日`;
};

const two = (n: number) => String(n).padStart(2, '0');

/** 本期活动 and the time left, ticking each second; nothing until the page runs (see the header comment). */
function Countdown() {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  if (now === null) return <p className="activity-period" aria-hidden="true" />;
  const { start, end } = periodOf(now);
  const left = Math.max(0, Math.floor((end - now) / 1000));
  const parts: [string, string][] = [
    [String(Math.floor(left / 86400)), '天'],
    [two(Math.floor((left % 86400) / 3600)), '时'],
    [two(Math.floor((left % 3600) / 60)), '分'],
    [two(left % 60), '秒'],
  ];
  return (
    <p className="activity-period">
      <span>
        本期活动 {monthDay(start)} – {monthDay(end - 1)}
      </span>
      <span className="activity-countdown" role="timer" aria-label="距活动结束">
        距结束
        {parts.map(([value, unit]) => (
          <span key={unit}>
            <b>{value}</b>
            {unit}
          </span>
        ))}
      </span>
    </p>
  );
}

function PlanCard({ plan, onBuy }: { plan: Product; onBuy(): void }) {
  const best = Boolean(plan.bonusMonths);
  const saved = plan.listFen ? plan.listFen - plan.amountFen : 0;
  return (
    <article className={`plan${best ? ' is-best' : ''}`} data-product={plan.productId}>
      {best && <span className="plan-tag">推荐 · 加赠{plan.bonusMonths}个月</span>}
      {saved > 0 && <span className="plan-saved">立省¥{yuan(saved)}</span>}
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

/** How long a pack lasts, said briefly (the card is narrow). */
function validity(pack: Product): string {
  const days = pack.validDays ?? 365;
  if (days === 365) return '一年内有效';
  return days > 30 ? `${days}天内有效` : `购买后${days}天内有效`;
}

function PackCard({ pack, onBuy }: { pack: Product; onBuy(): void }) {
  return (
    <article className="pack" data-product={pack.productId}>
      <h4>{pack.title}</h4>
      <p className="pack-price">
        <small>¥</small>
        {yuan(pack.amountFen)}
        {pack.listFen && <s>¥{yuan(pack.listFen)}</s>}
      </p>
      <p className="pack-tip">{pack.tip ?? `¥${yuan(Math.round(pack.amountFen / (pack.uses ?? 1)))}/次`}</p>
      <p className="pack-desc">{validity(pack)}</p>
      <button type="button" className="btn btn-outline pack-buy" onClick={onBuy}>
        立即购买
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
        <p className="activity-kicker">PDF365 · 限时福利</p>
        <h1>会员限时特惠</h1>
        <p className="activity-lead">
          全站 60 余种工具不限次数，文件更大、批量更多，另含每月 {SPEECH_MINUTES_PER_VIP_MONTH} 分钟高精度语音转文字
        </p>
        <Countdown />
        {vip.isVip && vip.expireTime365 && <p className="activity-mine">您已是会员，有效期至 {formatDay(vip.expireTime365)}，续费自动顺延</p>}
      </div>
      <div className="container activity-plans">
        {MEMBERSHIPS.map((plan) => (
          <PlanCard key={plan.productId} plan={plan} onBuy={() => openPay({ from: 'benefits', productId: plan.productId })} />
        ))}
      </div>
      <div className="container">
        <section className="activity-section" aria-labelledby="packs-heading">
          <h2 id="packs-heading" className="activity-title">
            次数包 · 按需购买
          </h2>
          <p className="activity-subtitle">不想开会员？只买需要的时长和次数</p>
          <div className="pack-group">
            <h3>
              语音转文字时长包<small>语音、视频转文字使用</small>
            </h3>
            <div className="packs">
              {[...speechPacks, ...shortCards].map((pack) => (
                <PackCard key={pack.productId} pack={pack} onBuy={() => openPay({ from: 'benefits', productId: pack.productId })} />
              ))}
            </div>
          </div>
          <div className="pack-group">
            <h3>
              证件照次数包<small>证件照换底色下载高清照片使用</small>
            </h3>
            <div className="packs is-photo">
              {PHOTO_PACKS.map((pack) => (
                <PackCard key={pack.productId} pack={pack} onBuy={() => openPay({ from: 'benefits', productId: pack.productId })} />
              ))}
            </div>
          </div>
        </section>
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
        <section className="activity-section" aria-labelledby="rules-heading">
          <h2 id="rules-heading" className="activity-title">
            活动规则
          </h2>
          <ol className="activity-rules">
            {RULES.map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ol>
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
