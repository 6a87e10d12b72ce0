// The logged-in user's orders on /myOrders/ (GET /user/getOrderList): what was bought, for how much,
// how, when, and its state; an open order can be paid from here (the payment layer shows its QR
// code). SPEC §9 pagination.
import { useCallback, useEffect, useState } from 'react';
import { productById } from '../../../shared/products';
import { useCurrentUser } from '../../account/session';
import { getOrderList, type OrderPage, type PayOrder } from '../../api/pay';
import { EmptyState } from '../../components/EmptyState';
import { formatDayTime } from '../../components/pay/dates';
import { PAYMENT_PATH, usePayLayer } from '../../components/pay';
import { Pager, usePaging } from './Pager';
import './orders.css';
import { LoadFailed } from '../../components/LoadFailed';

const PAY_TYPE_TEXT: Record<string, string> = { wechat: '微信支付', alipay: '支付宝' };
const STATE_TEXT: Record<PayOrder['state'], string> = { created: '待支付', paid: '已支付', closed: '已关闭', refunded: '已退款' };

/** An open order past its end is closed, whether or not the server's sweep has reached it yet. */
function stateOf(order: PayOrder, now: number): PayOrder['state'] {
  return order.state === 'created' && order.expireTime <= now ? 'closed' : order.state;
}

function OrderRow({ order, now, onPay }: { order: PayOrder; now: number; onPay(order: PayOrder): void }) {
  const state = stateOf(order, now);
  return (
    <li className="order" data-order={order.orderId}>
      <div className="order-main">
        <p className="order-title">{order.title}</p>
        <p className="order-id">订单号 {order.orderId}</p>
      </div>
      <p className="order-amount">¥{order.amount}</p>
      <p className="order-paytype">
        <span className={`order-paytype-dot is-${order.payType}`} aria-hidden="true" />
        {PAY_TYPE_TEXT[order.payType] ?? order.payType}
      </p>
      <time className="order-time" dateTime={new Date(order.createTime).toISOString()}>
        {formatDayTime(order.createTime)}
      </time>
      <p className={`order-state is-${state}`}>{STATE_TEXT[state]}</p>
      <div className="order-actions">
        {state === 'created' && (
          <button type="button" className="btn btn-outline btn-small order-pay" onClick={() => onPay(order)}>
            去支付
          </button>
        )}
        {state === 'paid' && productById(order.productId)?.kind !== 'postage' && (
          <a className="btn btn-outline btn-small order-invoice" href={`/invoice/?orderId=${encodeURIComponent(order.orderId)}`}>
            申请发票
          </a>
        )}
      </div>
    </li>
  );
}

export function OrderList() {
  const { checked, user } = useCurrentUser();
  const openPay = usePayLayer();
  const { page, size, setPage, setSize } = usePaging();
  const [orders, setOrders] = useState<OrderPage>();
  const [failed, setFailed] = useState(false);
  const [now, setNow] = useState(() => Date.now());

  const load = useCallback((wanted: number, pageSize: number) => {
    setFailed(false);
    getOrderList(wanted, pageSize)
      .then((answer) => {
        setNow(Date.now());
        setOrders(answer);
      })
      .catch(() => setFailed(true));
  }, []);
  useEffect(() => {
    if (user) load(page, size);
  }, [user, page, size, load]);

  const pay = (order: PayOrder) =>
    openPay({
      from: 'orders',
      order: { orderId: order.orderId, productId: order.productId, payType: order.payType },
      // Paid or not, the list shows the order's state now.
      onClose: () => load(page, size),
    });

  if (checked && !user) return null;
  return (
    <section className="orders" aria-labelledby="orders-heading">
      <header className="records-head">
        <h2 id="orders-heading">订单记录</h2>
        <p>会员、次数包等订单和支付状态，未支付的订单可继续支付</p>
      </header>
      {failed ? (
        <LoadFailed what="订单" onRetry={() => load(page, size)} />
      ) : !orders ? (
        <p className="records-note">正在加载订单…</p>
      ) : orders.total === 0 ? (
        <EmptyState title="暂无订单" text="开通会员或购买次数包后，订单和支付状态会显示在这里。" action={{ to: PAYMENT_PATH, label: '查看会员福利' }} />
      ) : (
        <>
          <div className="order-table">
            <div className="order-head" aria-hidden="true">
              <span>商品</span>
              <span>金额</span>
              <span>支付方式</span>
              <span>下单时间</span>
              <span>状态</span>
              <span />
            </div>
            <ul className="order-list">
              {orders.list.map((order) => (
                <OrderRow key={order.orderId} order={order} now={now} onPay={pay} />
              ))}
            </ul>
          </div>
          <Pager
            label="订单分页"
            page={page}
            size={size}
            total={orders.total}
            onPage={setPage}
            onSize={setSize}
          />
        </>
      )}
    </section>
  );
}
