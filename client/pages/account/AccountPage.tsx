// Account and commerce pages: /myOrders/ (orders, company, conversions), the points centre
// (/myintegral/, /task/), the invoice and postage pages, the benefits activity, feedback and the
// login return; the login itself is LoginPage.
import { EmptyState } from '../../components/EmptyState';
import { FeedbackPage } from '../feedback/FeedbackPage';
import { BenefitsPage } from './BenefitsPage';
import { CompanyPanel } from './CompanyPanel';
import { ConversionHistory } from './ConversionHistory';
import { InvoicePages, isInvoicePage } from './InvoicePages';
import { OrderList } from './OrderList';
import { PointsPage } from '../points/PointsPage';
import { SignOnReturn } from './SignOnReturn';
import './records.css';

interface Shell {
  title: string;
  sub: string;
  empty: { title: string; text: string; action?: { to: string; label: string } };
}

const SHELLS: Record<string, Shell> = {
  myOrders: { title: '我的订单', sub: '会员、次数包与优惠券订单，以及您的转换记录', empty: { title: '暂无订单', text: '开通会员后，订单和支付状态会显示在这里。', action: { to: '/xiezai-huodong/', label: '查看会员福利' } } },
  iamEmpty: { title: '登录', sub: '', empty: { title: '登录成功', text: '您可以关闭此页面，回到原来的页面继续操作。' } },
};

export default function AccountPage({ pageId }: { pageId: string }) {
  if (pageId === 'xiezai-huodong') return <BenefitsPage />;
  if (pageId === 'myintegral' || pageId === 'task') return <PointsPage pageId={pageId} />;
  if (isInvoicePage(pageId)) return <InvoicePages pageId={pageId} />;
  if (pageId === 'yijian') return <FeedbackPage />;
  const shell = SHELLS[pageId];
  return (
    <div className="container content-page">
      <header className="page-heading">
        <h1>{shell.title}</h1>
        {shell.sub && <p>{shell.sub}</p>}
      </header>
      {pageId === 'iamEmpty' ? <SignOnReturn done={<EmptyState {...shell.empty} />} /> : pageId === 'myOrders' ? <OrderList /> : <EmptyState {...shell.empty} />}
      {pageId === 'myOrders' && <CompanyPanel />}
      {pageId === 'myOrders' && <ConversionHistory />}
    </div>
  );
}
