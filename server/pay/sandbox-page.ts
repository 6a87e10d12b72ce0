// The sandbox provider's confirm page (what its QR code opens on a phone) and the page its button
// leads to. Plain HTML with no script: it must work on any phone that scans the code.
import { escapeHtml } from '../../shared/head';
import { yuan } from '../../shared/products';
import type { OrdersTable } from '../db/tables/commerce';
import { SANDBOX_NOTIFY_PATH, type SandboxNotify } from './providers/sandbox';

const STYLE = `body{margin:0;font-family:-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#f4f6fb;color:#1f2937}
main{max-width:420px;margin:0 auto;padding:32px 20px;text-align:center}
.card{background:#fff;border-radius:12px;box-shadow:0 4px 20px rgba(15,23,42,.08);padding:28px 20px}
.badge{display:inline-block;background:#fff4e5;color:#b45309;border-radius:999px;padding:2px 12px;font-size:13px}
h1{font-size:20px;margin:16px 0 4px}.amount{font-size:40px;font-weight:700;color:#e8380d;margin:12px 0}
.amount small{font-size:20px}.meta{color:#6b7280;font-size:13px;word-break:break-all}
button{width:100%;margin-top:20px;padding:14px;border:0;border-radius:8px;background:#2468f2;color:#fff;font-size:17px}
.done{color:#16a34a;font-size:18px}.fail{color:#dc2626;font-size:18px}`;

function page(body: string): string {
  return `<!DOCTYPE html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>测试支付</title><style>${STYLE}</style></head><body><main><div class="card">${body}</div></main></body></html>`;
}

export function renderSandboxPage({ order, title, notify }: { order: OrdersTable; title: string; notify?: SandboxNotify }): string {
  const head = `<span class="badge">测试支付环境 · 不会产生真实扣款</span><h1>${escapeHtml(title)}</h1><p class="amount"><small>¥</small>${yuan(Number(order.amount_fen))}</p><p class="meta">订单号 ${escapeHtml(order.id)}</p>`;
  if (!notify) {
    const state = order.state === 'paid' ? '<p class="done">该订单已支付</p>' : '<p class="fail">订单已关闭，请回到网页重新下单</p>';
    return page(head + state);
  }
  const fields = Object.entries({ ...notify, from: 'page' })
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join('');
  return page(`${head}<form method="post" action="${SANDBOX_NOTIFY_PATH}">${fields}<button type="submit">确认支付 ¥${yuan(Number(order.amount_fen))}</button></form>`);
}

export function renderSandboxResult(paid: boolean, message: string): string {
  return page(paid ? '<p class="done">支付成功</p><p class="meta">请回到网页，页面会自动继续。</p>' : `<p class="fail">支付未完成</p><p class="meta">${escapeHtml(message || '请回到网页重新下单')}</p>`);
}
