// Invoices for paid orders (issue 13; the rules in shared/invoice.ts): what a user may invoice,
// the request itself (once per order, a unique row), and a paper invoice's postage order, made
// through the same Orders and providers as any purchase; paying it moves the invoice from
// awaiting_postage to requested (Orders.settle).
import crypto from 'node:crypto';
import type { Db } from '../db';
import type { InvoicesTable, OrdersTable } from '../db/tables/commerce';
import { checkInvoiceForm, type ApplyInvoiceInfo, type InvoiceAddress, type InvoiceView } from '../../shared/invoice';
import { PRODUCTS, productById, yuan } from '../../shared/products';
import { PAY_MESSAGES } from './messages';
import type { Orders } from './orders';
import { PayRefusal } from './refusal';
import { PAY_CHANNELS } from './provider';

export const INVOICE_MESSAGES = {
  notLoggedIn: '请先登录后再申请发票',
  orderNotFound: '订单不存在',
  orderNotPaid: '该订单未支付，支付成功后才能申请发票',
  orderClosed: '该订单已关闭，无法开具发票',
  orderRefunded: '该订单已退款，无法开具发票',
  postageNotInvoiced: '邮费订单不单独开具发票',
  alreadyRequested: '该订单已申请过发票，请勿重复提交',
  invoiceNotFound: '发票申请不存在',
  postageNotNeeded: '该发票无需支付邮费或邮费已支付',
} as const;

const POSTAGE = PRODUCTS.find((p) => p.kind === 'postage')!;
/** The page lists the latest paid orders; older ones are rare enough to ask the service desk about. */
const LIST_LIMIT = 100;

function addressOf(row: InvoicesTable): InvoiceAddress | null {
  if (!row.address) return null;
  try {
    return JSON.parse(row.address) as InvoiceAddress;
  } catch {
    return null;
  }
}

export function invoiceView(row: InvoicesTable): InvoiceView {
  return {
    invoiceId: row.id,
    orderId: row.order_id,
    kind: row.kind === 'paper' ? 'paper' : 'electronic',
    // A tax number is what makes a company title (shared/invoice.ts: a company needs one, a person has none).
    titleType: row.tax_no ? 'company' : 'personal',
    title: row.title,
    taxNo: row.tax_no,
    email: row.email,
    address: addressOf(row),
    state: row.state,
    createTime: Number(row.created_at),
  };
}

export class Invoices {
  constructor(
    private readonly db: Db,
    private readonly orders: Orders,
    private readonly now: () => number = Date.now,
  ) {}

  /** getApplyInvoiceInfo: the paid orders that may be invoiced, each with its invoice, and the last request's details. */
  async applyInfo(userId: number): Promise<ApplyInvoiceInfo> {
    const [orders, invoices] = await Promise.all([
      this.db
        .selectFrom('orders')
        .selectAll()
        .where('user_id', '=', userId)
        .where('state', '=', 'paid')
        .where('product_id', '!=', POSTAGE.productId)
        .orderBy('paid_at', 'desc')
        .orderBy('id')
        .limit(LIST_LIMIT)
        .execute(),
      this.db.selectFrom('invoices').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id').execute(),
    ]);
    const byOrder = new Map(invoices.map((row) => [row.order_id, row]));
    const last = invoices[0] ? invoiceView(invoices[0]) : undefined;
    return {
      list: orders.map((order) => {
        const invoice = byOrder.get(order.id);
        return {
          orderId: order.id,
          title: productById(Number(order.product_id))?.title ?? '',
          amount: yuan(Number(order.amount_fen)),
          amountFen: Number(order.amount_fen),
          payType: order.channel,
          payTime: Number(order.paid_at ?? order.created_at),
          invoice: invoice ? invoiceView(invoice) : null,
        };
      }),
      last: last ? { titleType: last.titleType, title: last.title, taxNo: last.taxNo, email: last.email, address: last.address } : null,
      postageFen: POSTAGE.amountFen,
      postageProductId: POSTAGE.productId,
    };
  }

  /** createInvoice: checks the form (400), the order (404, 409), then writes the one invoice of that order (409 when there is one). */
  async create(userId: number, form: Record<string, unknown>): Promise<InvoiceView> {
    const checked = checkInvoiceForm(form);
    if (!checked.request) throw new PayRefusal(400, Object.values(checked.errors)[0]!);
    const order = await this.invoiceableOrder(userId, form.orderId);
    const { request } = checked;
    const row: InvoicesTable = {
      id: `I${crypto.randomBytes(12).toString('hex')}`,
      order_id: order.id,
      user_id: userId,
      title: request.title,
      tax_no: request.taxNo,
      email: request.email,
      kind: request.kind,
      address: request.address ? JSON.stringify(request.address) : null,
      state: request.kind === 'paper' ? 'awaiting_postage' : 'requested',
      created_at: this.now(),
    };
    // The order's unique invoice: of two submits at once, one row is written and the other refused.
    const inserted = await this.db
      .insertInto('invoices')
      .values(row)
      .onConflict((oc) => oc.column('order_id').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) throw new PayRefusal(409, INVOICE_MESSAGES.alreadyRequested);
    return invoiceView(row);
  }

  private async invoiceableOrder(userId: number, orderId: unknown): Promise<OrdersTable> {
    let order: OrdersTable;
    try {
      order = await this.orders.find(userId, orderId);
    } catch (error) {
      if (error instanceof PayRefusal && error.status === 404) throw new PayRefusal(404, INVOICE_MESSAGES.orderNotFound);
      throw error;
    }
    if (Number(order.product_id) === POSTAGE.productId) throw new PayRefusal(409, INVOICE_MESSAGES.postageNotInvoiced);
    if (order.state === 'created') throw new PayRefusal(409, INVOICE_MESSAGES.orderNotPaid);
    if (order.state === 'closed') throw new PayRefusal(409, INVOICE_MESSAGES.orderClosed);
    if (order.state === 'refunded') throw new PayRefusal(409, INVOICE_MESSAGES.orderRefunded);
    return order;
  }

  /** createPostageOrder: a new postage order (one per payment attempt, as any order) for the user's paper invoice that waits for it; the attempt before it is closed. */
  async createPostageOrder(userId: number, invoiceId: unknown, channel: unknown, channelCookies: { agent?: string; md?: string }): Promise<OrdersTable> {
    if (typeof invoiceId !== 'string' || invoiceId.length > 40) throw new PayRefusal(404, INVOICE_MESSAGES.invoiceNotFound);
    const invoice = await this.db.selectFrom('invoices').selectAll().where('id', '=', invoiceId).where('user_id', '=', userId).executeTakeFirst();
    if (!invoice) throw new PayRefusal(404, INVOICE_MESSAGES.invoiceNotFound);
    if (invoice.state !== 'awaiting_postage') throw new PayRefusal(409, INVOICE_MESSAGES.postageNotNeeded);
    if (!PAY_CHANNELS.some((c) => c === channel)) throw new PayRefusal(400, PAY_MESSAGES.unknownChannel);
    // One payable postage order per invoice: an earlier attempt (the other tab) is closed first, so
    // its code cannot be paid as well; if it was paid meanwhile, no new order is needed.
    const earlier = await this.db.selectFrom('orders').selectAll().where('invoice_id', '=', invoice.id).where('state', '=', 'created').execute();
    for (const order of earlier) {
      if (!(await this.orders.closeNow(order)) && (await this.orders.byId(order.id))?.state === 'paid') throw new PayRefusal(409, INVOICE_MESSAGES.postageNotNeeded);
    }
    return this.orders.create(userId, { productId: POSTAGE.productId, channel, invoiceId: invoice.id, ...channelCookies });
  }
}
