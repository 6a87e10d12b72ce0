// /invoice/: the user's paid orders (getApplyInvoiceInfo), each with its invoice's state, and the
// request form of one order under its row: electronic or paper, personal or company, the title, a
// company's tax number checked as it is typed, the e-mail, and for paper the EMS address
// (getAllEmsProvince). The rules are shared/invoice.ts, the same the server applies. A paper
// invoice goes on to /postage_pay/ for its postage. /myOrders/ links here with ?orderId=.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { checkInvoiceForm, INVOICE_LIMITS, INVOICE_STATE_TEXT, type ApplyInvoiceInfo, type InvoiceableOrder, type InvoiceForm, type InvoiceView } from '../../../shared/invoice';
import { yuan } from '../../../shared/products';
import { createInvoice, getAllEmsProvince, getApplyInvoiceInfo } from '../../api/invoice';
import { EmptyState } from '../../components/EmptyState';
import { formatDayTime } from '../../components/pay/dates';
import { LoadFailed } from '../../components/LoadFailed';

const PAY_TYPE_TEXT: Record<string, string> = { wechat: '微信支付', alipay: '支付宝' };

function emptyForm(last: ApplyInvoiceInfo['last']): InvoiceForm {
  return {
    kind: 'electronic',
    titleType: last?.titleType ?? 'personal',
    title: last?.title ?? '',
    taxNo: last?.taxNo ?? '',
    email: last?.email ?? '',
    province: last?.address?.province ?? '',
    city: last?.address?.city ?? '',
    detail: last?.address?.detail ?? '',
    recipient: last?.address?.recipient ?? '',
    mobile: last?.address?.mobile ?? '',
  };
}

function Segmented<V extends string>({ label, name, value, options, onChange }: { label: string; name: string; value: V; options: { value: V; text: ReactNode }[]; onChange(value: V): void }) {
  return (
    <div className="inv-field" role="radiogroup" aria-label={label}>
      <span className="inv-label">{label}</span>
      <div className="inv-segmented">
        {options.map((o) => (
          <label key={o.value} className={`inv-segment${o.value === value ? ' is-active' : ''}`}>
            <input type="radio" name={name} value={o.value} checked={o.value === value} onChange={() => onChange(o.value)} />
            {o.text}
          </label>
        ))}
      </div>
    </div>
  );
}

interface FieldProps {
  name: keyof InvoiceForm;
  label: string;
  form: InvoiceForm;
  error?: string;
  hint?: string;
  wide?: boolean;
  onChange(name: keyof InvoiceForm, value: string): void;
  onBlur(name: keyof InvoiceForm): void;
  input?: Partial<Record<'placeholder' | 'inputMode' | 'autoComplete' | 'maxLength' | 'type', string | number>>;
}

function Field({ name, label, form, error, hint, wide, onChange, onBlur, input = {} }: FieldProps) {
  const id = `inv-${name}`;
  return (
    <div className={`inv-field${wide ? ' is-wide' : ''}${error ? ' has-error' : ''}`}>
      <label className="inv-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        className="inv-input"
        value={form[name]}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-note`}
        onChange={(e) => onChange(name, e.target.value)}
        onBlur={() => onBlur(name)}
        {...(input as object)}
      />
      <p id={`${id}-note`} className={error ? 'inv-error' : 'inv-hint'} role={error ? 'alert' : undefined}>
        {error ?? hint ?? ''}
      </p>
    </div>
  );
}

function InvoiceFormPanel({ order, last, postageFen, onDone, onCancel }: { order: InvoiceableOrder; last: ApplyInvoiceInfo['last']; postageFen: number; onDone(invoice: InvoiceView): void; onCancel(): void }) {
  const [form, setForm] = useState(() => emptyForm(last));
  const [touched, setTouched] = useState<Partial<Record<keyof InvoiceForm, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState('');
  const [provinces, setProvinces] = useState<string[]>([]);
  const panel = useRef<HTMLFormElement>(null);

  useEffect(() => {
    panel.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, []);
  useEffect(() => {
    if (form.kind !== 'paper' || provinces.length > 0) return;
    getAllEmsProvince()
      .then((answer) => setProvinces(answer.list))
      .catch(() => undefined); // the select says it could not load; the toast told why
  }, [form.kind, provinces.length]);

  const { errors } = checkInvoiceForm(form);
  const shown = (name: keyof InvoiceForm) => (submitted || touched[name] ? errors[name] : undefined);
  const change = (name: keyof InvoiceForm, value: string) => {
    setForm((f) => ({ ...f, [name]: value }));
    setRefusal('');
  };
  // A field is checked once left; the tax number as soon as it has its full length.
  const blur = (name: keyof InvoiceForm) => setTouched((t) => ({ ...t, [name]: true }));
  const taxTyped = form.taxNo.replace(/\s/g, '').length >= 15;
  const fieldProps = { form, onChange: change, onBlur: blur };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const checked = checkInvoiceForm(form);
    if (!checked.request) {
      const first = Object.keys(checked.errors)[0];
      panel.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setSending(true);
    try {
      onDone(await createInvoice({ orderId: order.orderId, ...checked.request }));
    } catch (error) {
      setRefusal(error instanceof Error && error.message ? error.message : '提交失败，请稍后重试');
    } finally {
      setSending(false);
    }
  };

  const company = form.titleType === 'company';
  const paper = form.kind === 'paper';
  return (
    <form ref={panel} className="inv-form" noValidate onSubmit={(e) => void submit(e)} aria-label="填写发票信息">
      <div className="inv-form-grid">
        <Segmented
          label="发票类型"
          name="kind"
          value={form.kind as 'electronic' | 'paper'}
          options={[
            { value: 'electronic', text: '电子发票' },
            { value: 'paper', text: <>纸质发票<small>邮费¥{yuan(postageFen)}</small></> },
          ]}
          onChange={(v) => change('kind', v)}
        />
        <Segmented
          label="抬头类型"
          name="titleType"
          value={form.titleType as 'personal' | 'company'}
          options={[
            { value: 'personal', text: '个人' },
            { value: 'company', text: '单位' },
          ]}
          onChange={(v) => change('titleType', v)}
        />
        <Field {...fieldProps} name="title" label="发票抬头" error={shown('title')} input={{ placeholder: company ? '请填写单位全称，与营业执照一致' : '请填写个人姓名', maxLength: INVOICE_LIMITS.title, autoComplete: company ? 'organization' : 'name' }} />
        {company && (
          <Field
            {...fieldProps}
            name="taxNo"
            label="纳税人识别号"
            error={submitted || touched.taxNo || taxTyped ? errors.taxNo : undefined}
            hint={form.taxNo && !errors.taxNo ? '✓ 校验通过' : '18位统一社会信用代码，见营业执照'}
            input={{ placeholder: '如 91110000XXXXXXXXXX', maxLength: 24, autoComplete: 'off' }}
          />
        )}
        <Field {...fieldProps} name="email" label="接收邮箱" error={shown('email')} hint={paper ? '寄出后将快递单号发送到此邮箱' : '电子发票开具后发送到此邮箱'} input={{ type: 'email', placeholder: 'name@example.com', maxLength: INVOICE_LIMITS.email, autoComplete: 'email', inputMode: 'email' }} />
        {paper && (
          <fieldset className="inv-address">
            <legend>邮寄地址（EMS，仅限中国大陆）</legend>
            <Field {...fieldProps} name="recipient" label="收件人" error={shown('recipient')} input={{ placeholder: '收件人姓名', maxLength: INVOICE_LIMITS.recipient, autoComplete: 'name' }} />
            <Field {...fieldProps} name="mobile" label="手机号码" error={shown('mobile')} input={{ placeholder: '11位手机号', maxLength: 20, inputMode: 'tel', autoComplete: 'tel' }} />
            <div className={`inv-field${shown('province') ? ' has-error' : ''}`}>
              <label className="inv-label" htmlFor="inv-province">
                省份
              </label>
              <select id="inv-province" name="province" className="inv-input" value={form.province} onChange={(e) => change('province', e.target.value)} onBlur={() => blur('province')} aria-invalid={shown('province') ? true : undefined}>
                <option value="">{provinces.length ? '请选择省份' : '正在加载省份…'}</option>
                {provinces.map((p) => (
                  <option key={p} value={p}>
                    {p}
                  </option>
                ))}
              </select>
              <p className={shown('province') ? 'inv-error' : 'inv-hint'}>{shown('province') ?? ''}</p>
            </div>
            <Field {...fieldProps} name="city" label="城市" error={shown('city')} input={{ placeholder: '如 深圳市', maxLength: INVOICE_LIMITS.city, autoComplete: 'address-level2' }} />
            <Field {...fieldProps} name="detail" label="详细地址" wide error={shown('detail')} input={{ placeholder: '区县、街道、门牌号', maxLength: INVOICE_LIMITS.detail, autoComplete: 'street-address' }} />
          </fieldset>
        )}
      </div>
      <p className="inv-form-note">
        发票内容：软件服务费 · 发票金额 <strong>¥{order.amount}</strong>
        {paper && `，纸质发票需先支付邮费¥${yuan(postageFen)}，支付后提交开票`}
      </p>
      {refusal && (
        <p className="inv-refusal" role="alert">
          {refusal}
        </p>
      )}
      <div className="inv-form-actions">
        <button type="submit" className="btn btn-primary inv-submit" disabled={sending} aria-busy={sending}>
          {sending ? '正在提交…' : paper ? '提交并支付邮费' : '提交申请'}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          取消
        </button>
      </div>
    </form>
  );
}

function InvoiceStatus({ invoice }: { invoice: InvoiceView }) {
  return (
    <p className={`inv-state is-${invoice.state}`} title={invoice.title}>
      {INVOICE_STATE_TEXT[invoice.state]}
    </p>
  );
}

export function InvoiceApply() {
  const [info, setInfo] = useState<ApplyInvoiceInfo>();
  const [failed, setFailed] = useState(false);
  const [open, setOpen] = useState<string>();
  /** The invoice just requested on this page, to say what happens next under its order. */
  const [done, setDone] = useState<InvoiceView>();

  const load = () => {
    setFailed(false);
    getApplyInvoiceInfo()
      .then((answer) => {
        setInfo(answer);
        // /myOrders/ sends ?orderId=: its form is opened when it can still be invoiced.
        const asked = new URLSearchParams(window.location.search).get('orderId');
        setOpen((current) => current ?? (answer.list.some((o) => o.orderId === asked && !o.invoice) ? asked! : undefined));
      })
      .catch(() => setFailed(true));
  };
  useEffect(load, []);

  if (failed) {
    return (
      <LoadFailed onRetry={load} />
    );
  }
  if (!info) return <p className="records-note">正在加载可开票订单…</p>;
  if (info.list.length === 0) {
    return <EmptyState title="暂无可开票订单" text="支付成功的订单会出现在这里，可申请电子发票或纸质发票。" action={{ to: '/myOrders/', label: '查看订单' }} />;
  }
  const finished = (invoice: InvoiceView) => {
    setDone(invoice);
    setOpen(undefined);
    setInfo((current) => current && { ...current, list: current.list.map((o) => (o.orderId === invoice.orderId ? { ...o, invoice } : o)), last: { ...invoice } });
  };
  return (
    <section className="inv" aria-labelledby="inv-heading">
      <header className="records-head inv-head">
        <h2 id="inv-heading">可开票订单</h2>
        <p>每笔订单可开具一次发票；电子发票发送到邮箱，纸质发票以EMS寄出</p>
      </header>
      <ul className="inv-list">
        {info.list.map((order) => (
          <li key={order.orderId} className={`inv-order${open === order.orderId ? ' is-open' : ''}`} data-order={order.orderId}>
            <div className="inv-row">
              <div className="inv-main">
                <p className="inv-title">{order.title}</p>
                <p className="inv-meta">
                  订单号 {order.orderId}
                  <span>
                    {PAY_TYPE_TEXT[order.payType] ?? order.payType} · {formatDayTime(order.payTime)}
                  </span>
                </p>
              </div>
              <p className="inv-amount">¥{order.amount}</p>
              {order.invoice ? <InvoiceStatus invoice={order.invoice} /> : <p className="inv-state is-none">未开票</p>}
              <div className="inv-actions">
                {!order.invoice && open !== order.orderId && (
                  <button type="button" className="btn btn-outline btn-small inv-apply" onClick={() => setOpen(order.orderId)}>
                    申请发票
                  </button>
                )}
                {order.invoice?.state === 'awaiting_postage' && (
                  <a className="btn btn-primary btn-small" href={`/postage_pay/?invoiceId=${order.invoice.invoiceId}`}>
                    支付邮费
                  </a>
                )}
              </div>
            </div>
            {open === order.orderId && <InvoiceFormPanel order={order} last={info.last} postageFen={info.postageFen} onDone={finished} onCancel={() => setOpen(undefined)} />}
            {done?.orderId === order.orderId && (
              <div className="inv-done" role="status">
                <span className="inv-done-icon" aria-hidden="true" />
                {done.state === 'awaiting_postage' ? (
                  <p>
                    纸质发票申请已保存，支付邮费¥{yuan(info.postageFen)}后开始开具。
                    <a href={`/postage_pay/?invoiceId=${done.invoiceId}`}>去支付邮费</a>
                  </p>
                ) : (
                  <p>
                    发票申请已提交，开具后将发送至 <strong>{done.email}</strong>，一般1–3个工作日。
                  </p>
                )}
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
