// Invoices for paid orders (issue 13, SPEC §7 getApplyInvoiceInfo / createInvoice /
// getAllEmsProvince): the rules the /invoice/ page checks as the user types and the server checks
// again, with the same Chinese messages, and the shapes both sides of the wire read.
//
// Decisions where SPEC is silent:
// - What is issued is an ordinary VAT invoice (增值税普通发票), electronic (sent to the e-mail) or
//   paper (posted by EMS within the mainland; the postage, product 40001 in shared/products.ts, is
//   paid first and the request is made once it is paid).
// - A company title needs its tax number: the 18-character unified social credit code, whose
//   last character is the GB 32100-2015 check character. A 15-character tax registration number
//   of before the 2015 reform is accepted only when it is what such a number was: a six-digit
//   administrative division code (first digit 1–8) and the nine-character organization code whose
//   last character is its GB 11714 check character. Others (the 17/20-character numbers made from
//   an ID card for sole traders) cannot be checked and are refused: such a buyer asks for a personal invoice.
// - A personal title has no tax number. The e-mail is needed for both kinds (the electronic
//   invoice goes there; the paper one's tracking note too).
// - Any paid order except a postage order may be invoiced, once; the page shows the latest 100.
// - The EMS list is the 31 provincial divisions of the mainland: Hong Kong, Macao and Taiwan are
//   outside domestic EMS postage.
import { isEmail, isMainlandMobile, textLength } from './validators';

export type InvoiceKind = 'electronic' | 'paper';
export type InvoiceTitleType = 'personal' | 'company';
/** awaiting_postage (paper, postage not paid yet) → requested → issued (by the finance team, outside this site). */
export type InvoiceState = 'awaiting_postage' | 'requested' | 'issued';

export const INVOICE_STATE_TEXT: Readonly<Record<InvoiceState, string>> = {
  awaiting_postage: '待支付邮费',
  requested: '已申请，开票中',
  issued: '已开具',
};

/** The 31 provincial divisions of the mainland, in the order of their division codes (GB/T 2260). */
export const EMS_PROVINCES: readonly string[] = [
  '北京市', '天津市', '河北省', '山西省', '内蒙古自治区',
  '辽宁省', '吉林省', '黑龙江省',
  '上海市', '江苏省', '浙江省', '安徽省', '福建省', '江西省', '山东省',
  '河南省', '湖北省', '湖南省', '广东省', '广西壮族自治区', '海南省',
  '重庆市', '四川省', '贵州省', '云南省', '西藏自治区',
  '陕西省', '甘肃省', '青海省', '宁夏回族自治区', '新疆维吾尔自治区',
];

export const INVOICE_LIMITS = { title: 100, email: 120, city: 30, detail: 120, recipient: 30 } as const;

export const INVOICE_FIELD_MESSAGES = {
  kind: '请选择电子发票或纸质发票',
  titleType: '请选择个人或单位抬头',
  titleMissing: '请填写发票抬头',
  titleTooLong: `发票抬头不能超过${INVOICE_LIMITS.title}个字`,
  titleInvalid: '发票抬头含有不支持的字符',
  taxNoMissing: '单位抬头请填写纳税人识别号',
  taxNoInvalid: '纳税人识别号有误，请核对18位统一社会信用代码',
  emailMissing: '请填写接收发票的邮箱',
  emailInvalid: '邮箱格式不正确',
  provinceInvalid: '请选择省份',
  cityMissing: '请填写城市',
  detailMissing: '请填写详细地址',
  detailShort: '详细地址请写到街道和门牌号',
  recipientMissing: '请填写收件人姓名',
  mobileInvalid: '请填写正确的手机号码',
  tooLong: '填写的内容过长',
} as const;

// ---- Tax numbers -------------------------------------------------------------------------------

/** GB 32100-2015: the 31 characters of a unified social credit code (no I, O, S, V, Z), by value. */
const USCC_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
const USCC = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;

/** The check character of the first 17 characters of a unified social credit code. */
export function usccCheckChar(first17: string): string {
  const sum = [...first17].reduce((total, ch, i) => total + USCC_CHARS.indexOf(ch) * USCC_WEIGHTS[i]!, 0);
  return USCC_CHARS[(31 - (sum % 31)) % 31]!;
}

/** GB 11714-1997: the organization code, eight characters and a check character. */
const ORG_WEIGHTS = [3, 7, 9, 10, 5, 8, 4, 2];

export function orgCodeCheckChar(first8: string): string {
  const sum = [...first8].reduce((total, ch, i) => total + Number.parseInt(ch, 36) * ORG_WEIGHTS[i]!, 0);
  const check = 11 - (sum % 11);
  return check === 10 ? 'X' : check === 11 ? '0' : String(check);
}

/** What the user typed, as the number is compared: spaces gone, letters upper case. */
export function normalizeTaxNo(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** A unified social credit code with a right check character, or an old 15-character tax number as the header explains. */
export function isValidTaxNo(raw: string): boolean {
  const value = normalizeTaxNo(raw);
  if (value.length === 18) return USCC.test(value) && usccCheckChar(value.slice(0, 17)) === value[17];
  if (value.length === 15) return /^[1-8]\d{5}[0-9A-Z]{8}[0-9X]$/.test(value) && orgCodeCheckChar(value.slice(6, 14)) === value[14];
  return false;
}

// ---- The request --------------------------------------------------------------------------------

export interface InvoiceAddress {
  province: string;
  city: string;
  detail: string;
  recipient: string;
  mobile: string;
}

export interface InvoiceRequest {
  orderId: string;
  kind: InvoiceKind;
  titleType: InvoiceTitleType;
  title: string;
  /** Company titles only. */
  taxNo: string | null;
  email: string;
  /** Paper invoices only. */
  address: InvoiceAddress | null;
}

/** What the form holds (every field a string, as typed). */
export type InvoiceForm = Record<'kind' | 'titleType' | 'title' | 'taxNo' | 'email' | 'province' | 'city' | 'detail' | 'recipient' | 'mobile', string>;
export type InvoiceFormErrors = Partial<Record<keyof InvoiceForm, string>>;

/** Control characters and angle brackets never belong on an invoice. */
const UNPRINTABLE = /[\u0000-\u001f\u007f<>]/;

function textError(value: string, limit: number, missing: string): string | undefined {
  if (value === '') return missing;
  if (textLength(value) > limit) return INVOICE_FIELD_MESSAGES.tooLong;
  if (UNPRINTABLE.test(value)) return INVOICE_FIELD_MESSAGES.titleInvalid;
  return undefined;
}

/** Each field's message (empty object: the form is good). The page shows them inline; the server answers the first. */
export function checkInvoiceForm(form: Partial<Record<keyof InvoiceForm, unknown>>): { errors: InvoiceFormErrors; request?: Omit<InvoiceRequest, 'orderId'> } {
  const text = (key: keyof InvoiceForm) => (typeof form[key] === 'string' ? (form[key] as string).trim() : '');
  const errors: InvoiceFormErrors = {};
  const kind = text('kind');
  const titleType = text('titleType');
  if (kind !== 'electronic' && kind !== 'paper') errors.kind = INVOICE_FIELD_MESSAGES.kind;
  if (titleType !== 'personal' && titleType !== 'company') errors.titleType = INVOICE_FIELD_MESSAGES.titleType;

  const title = text('title');
  if (title === '') errors.title = INVOICE_FIELD_MESSAGES.titleMissing;
  else if (textLength(title) > INVOICE_LIMITS.title) errors.title = INVOICE_FIELD_MESSAGES.titleTooLong;
  else if (UNPRINTABLE.test(title)) errors.title = INVOICE_FIELD_MESSAGES.titleInvalid;

  const taxNo = normalizeTaxNo(text('taxNo'));
  if (titleType === 'company') {
    if (taxNo === '') errors.taxNo = INVOICE_FIELD_MESSAGES.taxNoMissing;
    else if (!isValidTaxNo(taxNo)) errors.taxNo = INVOICE_FIELD_MESSAGES.taxNoInvalid;
  }

  const email = text('email');
  if (email === '') errors.email = INVOICE_FIELD_MESSAGES.emailMissing;
  else if (email.length > INVOICE_LIMITS.email || !isEmail(email)) errors.email = INVOICE_FIELD_MESSAGES.emailInvalid;

  let address: InvoiceAddress | null = null;
  if (kind === 'paper') {
    address = { province: text('province'), city: text('city'), detail: text('detail'), recipient: text('recipient'), mobile: text('mobile').replace(/[\s-]/g, '') };
    if (!EMS_PROVINCES.includes(address.province)) errors.province = INVOICE_FIELD_MESSAGES.provinceInvalid;
    const city = textError(address.city, INVOICE_LIMITS.city, INVOICE_FIELD_MESSAGES.cityMissing);
    if (city) errors.city = city;
    const detail = textError(address.detail, INVOICE_LIMITS.detail, INVOICE_FIELD_MESSAGES.detailMissing);
    if (detail) errors.detail = detail;
    else if (textLength(address.detail) < 4) errors.detail = INVOICE_FIELD_MESSAGES.detailShort;
    const recipient = textError(address.recipient, INVOICE_LIMITS.recipient, INVOICE_FIELD_MESSAGES.recipientMissing);
    if (recipient) errors.recipient = recipient;
    if (!isMainlandMobile(address.mobile)) errors.mobile = INVOICE_FIELD_MESSAGES.mobileInvalid;
  }

  if (Object.keys(errors).length > 0) return { errors };
  return {
    errors,
    request: { kind: kind as InvoiceKind, titleType: titleType as InvoiceTitleType, title, taxNo: titleType === 'company' ? taxNo : null, email, address },
  };
}

// ---- What the API answers ------------------------------------------------------------------------

export interface InvoiceView extends InvoiceRequest {
  invoiceId: string;
  state: InvoiceState;
  createTime: number;
}

/** A paid order of getApplyInvoiceInfo, with its invoice once one was asked for. */
export interface InvoiceableOrder {
  orderId: string;
  title: string;
  amount: string;
  amountFen: number;
  payType: string;
  payTime: number;
  invoice: InvoiceView | null;
}

export interface ApplyInvoiceInfo {
  list: InvoiceableOrder[];
  /** What the user's last request used, to fill the form in. */
  last: { titleType: InvoiceTitleType; title: string; taxNo: string | null; email: string; address: InvoiceAddress | null } | null;
  /** The paper invoice's postage, in fen. */
  postageFen: number;
  postageProductId: number;
}
