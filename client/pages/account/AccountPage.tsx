// Account and commerce pages: /myOrders/ (orders, company, conversions), the points centre
// (/myintegral/, /task/), the invoice and postage pages, the benefits activity, feedback and the
// login return; the login itself is LoginPage.
import { EmptyState } from '../../components/EmptyState';
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

function FeedbackForm() {
  return (
    <form className="feedback-form" onSubmit={(e) => e.preventDefault()}>
      <label>
        问题类型
        <select name="type" defaultValue="convert">
          <option value="convert">转换效果</option>
          <option value="pay">支付与会员</option>
          <option value="account">账户登录</option>
          <option value="other">其他建议</option>
        </select>
      </label>
      <label>
        问题描述
        <textarea name="content" maxLength={500} rows={6} placeholder="请描述您遇到的问题，我们会尽快处理" required />
      </label>
      <label>
        联系方式
        <input name="contact" placeholder="手机号或邮箱（选填）" />
      </label>
      <button type="submit" className="btn btn-primary">
        提交反馈
      </button>
    </form>
  );
}

export default function AccountPage({ pageId }: { pageId: string }) {
  if (pageId === 'xiezai-huodong') return <BenefitsPage />;
  if (pageId === 'myintegral' || pageId === 'task') return <PointsPage pageId={pageId} />;
  if (isInvoicePage(pageId)) return <InvoicePages pageId={pageId} />;
  if (pageId === 'yijian') {
    return (
      <div className="container content-page">
        <header className="page-heading">
          <h1>意见反馈</h1>
          <p>告诉我们您遇到的问题和建议</p>
        </header>
        <FeedbackForm />
      </div>
    );
  }
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
