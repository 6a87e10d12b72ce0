// /yijian/, the feedback page (issue 17): a category, the text with its remaining-count counter
// (SPEC §5), up to three attachments (screenshots or the document that went wrong) and a mobile
// number or e-mail (the SPEC §5 validators), checked here as the server checks them
// (shared/feedback.ts), sent without the Authorization header (SPEC §6), then a confirmation.
// One submit key per filled-in form, so a double click or the client's retry stores one entry.
import { useRef, useState, type ChangeEvent, type DragEvent, type FormEvent } from 'react';
import {
  FEEDBACK_ACCEPT,
  FEEDBACK_CATEGORIES,
  FEEDBACK_MAX_FILE_BYTES,
  FEEDBACK_MAX_FILES,
  FEEDBACK_MESSAGES,
  FEEDBACK_TEXT_MAX,
  checkFeedbackContact,
  checkFeedbackContent,
  type FeedbackCategory,
} from '../../../shared/feedback';
import { formatFileSize } from '../../../shared/format';
import { remainingLength } from '../../../shared/validators';
import { sendFeedback } from '../../api/feedback';
import { extensionOf } from '../tool/file-checks';
import { FeedbackField } from './FeedbackField';
import './feedback.css';

type Field = 'content' | 'contact' | 'files';

/** 24 random bytes, hex: the form's submit key (crypto.randomUUID needs a secure context). */
function newSubmitKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The extensions the picker offers; the server sniffs the bytes whatever the name says. */
const PICKER_ACCEPT = [...FEEDBACK_ACCEPT, 'jpeg'].map((ext) => `.${ext}`).join(',');

/** A phone number shown as 138****5678 in the confirmation; an e-mail as typed. */
function maskedContact(contact: string): string {
  const digits = contact.replace(/[\s-]/g, '');
  return /^(?:\+86|0086)?1\d{10}$/.test(digits) ? digits.slice(-11).replace(/^(\d{3})\d{4}(\d{4})$/, '$1****$2') : contact.trim();
}

/** A file's type as the page can tell it (by name); .jpeg is .jpg. */
function extensionOfName(name: string): string {
  const ext = extensionOf(name);
  return ext === 'jpeg' ? 'jpg' : ext;
}

function fileProblem(file: File): string | null {
  if (!FEEDBACK_ACCEPT.includes(extensionOfName(file.name))) return FEEDBACK_MESSAGES.wrongType;
  if (file.size > FEEDBACK_MAX_FILE_BYTES) return FEEDBACK_MESSAGES.fileTooLarge;
  return null;
}

const HELP_LINKS = [
  { href: '/help/', text: '常见问题与使用帮助' },
  { href: '/myOrders/', text: '查看订单与支付状态' },
  { href: '/invoice/', text: '申请发票' },
  { href: '/xiezai-huodong/', text: '会员权益与价格' },
];

function Sent({ contact, id, onAgain }: { contact: string; id: string; onAgain(): void }) {
  return (
    <section className="fb-card fb-sent" role="status" aria-live="polite">
      <span className="fb-sent-icon" aria-hidden="true" />
      <h2>提交成功，感谢您的反馈！</h2>
      <p>
        我们会在 1–2 个工作日内处理，并通过 <strong>{maskedContact(contact)}</strong> 与您联系。
      </p>
      <p className="fb-sent-id">反馈编号：{id}</p>
      <div className="fb-sent-actions">
        <button type="button" className="btn btn-outline" onClick={onAgain}>
          继续反馈
        </button>
        <a className="btn btn-primary" href="/">
          返回首页
        </a>
      </div>
    </section>
  );
}

export function FeedbackPage() {
  const [category, setCategory] = useState<FeedbackCategory>('suggestion');
  const [content, setContent] = useState('');
  const [contact, setContact] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [refusal, setRefusal] = useState('');
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<{ id: string; contact: string } | null>(null);
  const [dragging, setDragging] = useState(false);
  const submitKey = useRef('');
  const picker = useRef<HTMLInputElement>(null);

  const setError = (field: Field, message: string | null) => setErrors((e) => ({ ...e, [field]: message ?? undefined }));

  const addFiles = (chosen: readonly File[]) => {
    const room = FEEDBACK_MAX_FILES - files.length;
    const problems = chosen.map(fileProblem).filter(Boolean) as string[];
    const good = chosen.filter((f) => !fileProblem(f));
    if (good.length > room) problems.push(FEEDBACK_MESSAGES.tooManyFiles);
    setFiles([...files, ...good.slice(0, Math.max(0, room))]);
    setError('files', problems[0] ?? null);
  };

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    addFiles([...(event.target.files ?? [])]);
    event.target.value = ''; // the same file may be chosen again after removing it
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    addFiles([...event.dataTransfer.files]);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const found = { content: checkFeedbackContent(content) ?? undefined, contact: checkFeedbackContact(contact) ?? undefined, files: errors.files };
    setErrors(found);
    setRefusal('');
    if (found.content || found.contact) {
      document.getElementById(found.content ? 'fb-content' : 'fb-contact')?.focus();
      return;
    }
    submitKey.current ||= newSubmitKey();
    setSending(true);
    try {
      const { id } = await sendFeedback({ category, content, contact, submitKey: submitKey.current, files });
      setSent({ id, contact });
      window.scrollTo({ top: 0 });
    } catch (error) {
      setRefusal(error instanceof Error && error.message ? error.message : '提交失败，请稍后重试');
    } finally {
      setSending(false);
    }
  };

  const again = () => {
    submitKey.current = '';
    setContent('');
    setFiles([]);
    setErrors({});
    setSent(null);
  };

  const left = remainingLength(content, FEEDBACK_TEXT_MAX);

  return (
    <div className="fb-page">
      <div className="fb-hero">
        <div className="container">
          <h1>意见反馈</h1>
          <p>遇到转换问题、支付疑问，或者有好的建议，都可以告诉我们。每一条反馈都会有专人查看。</p>
        </div>
      </div>
      <div className="container fb-layout">
        {sent ? (
          <Sent contact={sent.contact} id={sent.id} onAgain={again} />
        ) : (
          <form className="fb-card fb-form" onSubmit={(e) => void submit(e)} noValidate>
            <fieldset className="fb-field">
              <legend className="fb-label">
                反馈类型<span className="fb-required">*</span>
              </legend>
              <div className="fb-chips" role="radiogroup" aria-label="反馈类型">
                {FEEDBACK_CATEGORIES.map((c) => (
                  <label key={c.value} className={`fb-chip${category === c.value ? ' is-active' : ''}`}>
                    <input type="radio" name="category" value={c.value} checked={category === c.value} onChange={() => setCategory(c.value)} />
                    {c.label}
                  </label>
                ))}
              </div>
            </fieldset>

            <FeedbackField id="fb-content" label="问题描述" required error={errors.content}>
              <div className="fb-textarea">
                <textarea
                  id="fb-content"
                  name="content"
                  rows={7}
                  maxLength={FEEDBACK_TEXT_MAX}
                  value={content}
                  placeholder="请详细描述您遇到的问题或建议，例如：使用的功能、文件类型、出现的提示。描述越详细，我们越快帮您解决。"
                  aria-invalid={Boolean(errors.content)}
                  aria-describedby="fb-content-count fb-content-error"
                  onChange={(e) => {
                    setContent(e.target.value);
                    if (errors.content) setError('content', checkFeedbackContent(e.target.value));
                  }}
                  onBlur={() => content && setError('content', checkFeedbackContent(content))}
                />
                <span id="fb-content-count" className={`fb-count${left === 0 ? ' is-full' : ''}`} aria-live="polite">
                  还可输入 {left} 字
                </span>
              </div>
            </FeedbackField>

            <FeedbackField id="fb-files" label="上传附件" labelsControl={false} error={errors.files}>
              {files.length > 0 && (
                <ul className="fb-files" aria-labelledby="fb-files-label">
                  {files.map((file, i) => (
                    <li key={`${file.name}-${i}`}>
                      <span className={`fb-file-icon is-${extensionOfName(file.name)}`} aria-hidden="true">
                        {extensionOfName(file.name).toUpperCase().slice(0, 4)}
                      </span>
                      <span className="fb-file-name" title={file.name}>
                        {file.name}
                      </span>
                      <span className="fb-file-size">{formatFileSize(file.size)}</span>
                      <button type="button" className="fb-file-remove" aria-label={`移除 ${file.name}`} onClick={() => { setFiles(files.filter((_, n) => n !== i)); setError('files', null); }}>
                        ×
                      </button>
                    </li>
                  ))}
                </ul>
              )}
              {files.length < FEEDBACK_MAX_FILES && (
                <div
                  className={`fb-drop${dragging ? ' is-dragging' : ''}`}
                  onDragOver={(e) => {
                    e.preventDefault();
                    setDragging(true);
                  }}
                  onDragLeave={() => setDragging(false)}
                  onDrop={onDrop}
                >
                  <button type="button" className="fb-drop-button" onClick={() => picker.current?.click()}>
                    <span className="fb-drop-plus" aria-hidden="true" />
                    添加截图或文件
                  </button>
                  <span className="fb-drop-hint">
                    也可拖到这里 · 最多 {FEEDBACK_MAX_FILES} 个，单个不超过 {formatFileSize(FEEDBACK_MAX_FILE_BYTES).replace('.00', '')}
                  </span>
                  <input ref={picker} className="fb-picker" type="file" name="file" multiple accept={PICKER_ACCEPT} onChange={onPick} tabIndex={-1} aria-hidden="true" />
                </div>
              )}
              <p className="fb-hint">支持 JPG、PNG、GIF、WEBP、BMP 图片和 PDF、Word、Excel、PPT、TXT 文档；附件保存 90 天后自动删除。</p>
            </FeedbackField>

            <FeedbackField id="fb-contact" label="联系方式" required error={errors.contact}>
              <input
                id="fb-contact"
                className="fb-input"
                name="contact"
                value={contact}
                maxLength={64}
                autoComplete="email"
                inputMode="email"
                placeholder="手机号或邮箱，方便我们回复您"
                aria-invalid={Boolean(errors.contact)}
                aria-describedby="fb-contact-error"
                onChange={(e) => {
                  setContact(e.target.value);
                  if (errors.contact) setError('contact', checkFeedbackContact(e.target.value));
                }}
                onBlur={() => contact && setError('contact', checkFeedbackContact(contact))}
              />
            </FeedbackField>

            {refusal && (
              <p className="fb-refusal" role="alert">
                {refusal}
              </p>
            )}
            <div className="fb-actions">
              <button type="submit" className="btn btn-primary fb-submit" disabled={sending} aria-busy={sending}>
                {sending ? '正在提交…' : '提交反馈'}
              </button>
              <span className="fb-privacy">您的联系方式仅用于回复本次反馈</span>
            </div>
          </form>
        )}
        <aside className="fb-side">
          <section className="fb-card fb-side-card">
            <h2>处理时效</h2>
            <ul className="fb-promise">
              <li>
                <strong>1–2 个工作日</strong>
                <span>专人查看并回复</span>
              </li>
              <li>
                <strong>支付问题优先</strong>
                <span>扣款未到账等问题当天处理</span>
              </li>
            </ul>
          </section>
          <section className="fb-card fb-side-card">
            <h2>自助服务</h2>
            <ul className="fb-links">
              {HELP_LINKS.map((link) => (
                <li key={link.href}>
                  <a href={link.href}>{link.text}</a>
                </li>
              ))}
            </ul>
          </section>
        </aside>
      </div>
    </div>
  );
}
