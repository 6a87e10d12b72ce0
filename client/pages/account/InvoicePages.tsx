// /invoice/ and /postage_pay/ (AccountPage hands them over whole): the heading, the login they
// need, then the page itself (InvoiceApply, PostagePay).
import { useCurrentUser } from '../../account/session';
import { loginUrl } from '../../components/pay';
import { InvoiceApply } from './InvoiceApply';
import { PostagePay } from './PostagePay';
import './invoice.css';

const PAGES = {
  invoice: { title: '申请发票', sub: '为已支付的订单开具电子发票或纸质发票', body: InvoiceApply },
  postage_pay: { title: '支付中心', sub: '纸质发票邮费支付', body: PostagePay },
} as const;

export function isInvoicePage(pageId: string): pageId is keyof typeof PAGES {
  return pageId in PAGES;
}

function LoginFirst() {
  return (
    <div className="empty-state">
      <div className="empty-illustration" aria-hidden="true">
        <span />
      </div>
      <h2>请先登录</h2>
      <p>登录后查看您的订单并申请发票。</p>
      <button type="button" className="btn btn-primary" onClick={() => window.location.assign(loginUrl())}>
        立即登录
      </button>
    </div>
  );
}

export function InvoicePages({ pageId }: { pageId: keyof typeof PAGES }) {
  const { checked, user } = useCurrentUser();
  const page = PAGES[pageId];
  const Body = page.body;
  return (
    <div className="container content-page">
      <header className="page-heading">
        <h1>{page.title}</h1>
        <p>{page.sub}</p>
      </header>
      {!checked ? <p className="records-note">正在加载…</p> : user ? <Body /> : <LoginFirst />}
    </div>
  );
}
