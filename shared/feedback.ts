// The feedback form of /yijian/ (issue 17): its categories, limits and field rules, shared by the
// page (counter, checks before sending) and the server (the same checks, authoritative).
// Decisions where SPEC is silent: text 5–500 characters, a contact is required (mainland mobile or
// email, the SPEC §5 validators), up to 3 attachments of 10 MB each, images or office documents.
import { isEmail, isMainlandMobile, textLength } from './validators';
import { formatSizeLimit } from './format';

export const FEEDBACK_CATEGORIES = [
  { value: 'suggestion', label: '功能建议' },
  { value: 'conversion', label: '转换问题' },
  { value: 'account', label: '账号与支付' },
  { value: 'other', label: '其他' },
] as const;

export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number]['value'];

export const FEEDBACK_TEXT_MIN = 5;
export const FEEDBACK_TEXT_MAX = 500;
export const FEEDBACK_CONTACT_MAX = 64;
export const FEEDBACK_MAX_FILES = 3;
export const FEEDBACK_MAX_FILE_BYTES = 10 * 1024 * 1024;

/** What an attachment may be: screenshots and the documents a conversion went wrong on (sniffed from the bytes on the server). */
export const FEEDBACK_IMAGE_TYPES = ['jpg', 'png', 'gif', 'webp', 'bmp'] as const;
export const FEEDBACK_DOCUMENT_TYPES = ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'txt'] as const;
export const FEEDBACK_ACCEPT: readonly string[] = [...FEEDBACK_IMAGE_TYPES, ...FEEDBACK_DOCUMENT_TYPES];

/** The multipart fields of POST /api/feedback, all before the `file` parts. */
export const FEEDBACK_FIELDS = ['category', 'content', 'contact', 'submitKey'] as const;
/** A random key per filled-in form: the same key sent twice stores one entry (a retry, a double click). */
export const FEEDBACK_SUBMIT_KEY = /^[A-Za-z0-9_-]{16,64}$/;

export const FEEDBACK_MESSAGES = {
  category: '请选择反馈类型',
  contentEmpty: '请填写反馈内容',
  contentShort: `反馈内容至少 ${FEEDBACK_TEXT_MIN} 个字`,
  contentLong: `反馈内容不能超过 ${FEEDBACK_TEXT_MAX} 个字`,
  contactEmpty: '请填写手机号或邮箱，方便我们联系您',
  contactInvalid: '请填写正确的手机号或邮箱',
  submitKey: '请刷新页面后重新提交',
  tooManyFiles: `最多上传 ${FEEDBACK_MAX_FILES} 个附件`,
  fileTooLarge: `单个附件不能超过 ${formatSizeLimit(FEEDBACK_MAX_FILE_BYTES)}`,
  wrongType: '附件仅支持图片（JPG、PNG、GIF、WEBP、BMP）或文档（PDF、Word、Excel、PPT、TXT）',
  tooFrequent: '提交过于频繁，请稍后再试',
  dailyLimit: '今日反馈次数已达上限，请明天再试',
} as const;

export function isFeedbackCategory(value: unknown): value is FeedbackCategory {
  return FEEDBACK_CATEGORIES.some((c) => c.value === value);
}

export function feedbackCategoryLabel(value: string): string {
  return FEEDBACK_CATEGORIES.find((c) => c.value === value)?.label ?? value;
}

/** The content's problem, or null. */
export function checkFeedbackContent(raw: string): string | null {
  const value = raw.trim();
  if (!value) return FEEDBACK_MESSAGES.contentEmpty;
  if (textLength(value) < FEEDBACK_TEXT_MIN) return FEEDBACK_MESSAGES.contentShort;
  if (textLength(value) > FEEDBACK_TEXT_MAX) return FEEDBACK_MESSAGES.contentLong;
  return null;
}

/** The contact's problem, or null: a mainland mobile (+86/0086 allowed) or an email (SPEC §5). */
export function checkFeedbackContact(raw: string): string | null {
  const value = normalizeFeedbackContact(raw);
  if (!value) return FEEDBACK_MESSAGES.contactEmpty;
  if (value.length > FEEDBACK_CONTACT_MAX) return FEEDBACK_MESSAGES.contactInvalid;
  return isMainlandMobile(value) || isEmail(value) ? null : FEEDBACK_MESSAGES.contactInvalid;
}

/** The contact as stored: a phone number without the spaces and dashes people type in it. */
export function normalizeFeedbackContact(raw: string): string {
  const value = raw.trim();
  return value.includes('@') ? value : value.replace(/[\s-]/g, '');
}
