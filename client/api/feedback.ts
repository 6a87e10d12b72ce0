// POST /api/feedback (server/feedback/router.ts) for /yijian/. Sent without the Authorization
// header (SPEC §6: the feedback upload with files skips it); the accessToken cookie still tells the
// server who is logged in.
import { FEEDBACK_FIELDS } from '../../shared/feedback';
import { http } from './http-client';

export interface FeedbackForm {
  category: string;
  content: string;
  contact: string;
  /** One per filled-in form: a retry (the client retries timeouts) stores one entry. */
  submitKey: string;
  files: readonly File[];
}

export function sendFeedback(form: FeedbackForm): Promise<{ id: string }> {
  const body = new FormData();
  // The fields come before the files: the server decides everything from them before storing any.
  for (const name of FEEDBACK_FIELDS) body.append(name, form[name]);
  for (const file of form.files) body.append('file', file, file.name);
  return http.request<{ id: string }>('/api/feedback', { method: 'POST', form: body, skipAuth: true });
}
