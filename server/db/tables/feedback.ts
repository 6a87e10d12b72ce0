// Feedback sent from /yijian/ (server/feedback/): one row per entry, read by operators through
// GET /admin/feedback. Attachments live in the file store; the row keeps their names and keys.

export interface FeedbackTable {
  id: string;
  /** Who sent it: `u:<userId>` when logged in, else `v:<visitor UUID>` (tasks/visitor.ts). */
  owner: string;
  user_id: number | null;
  ip: string;
  category: string;
  content: string;
  /** A mainland mobile or an email (shared/feedback.ts). */
  contact: string;
  /** The page's key for one filled-in form (unique: double-submit safety). */
  submit_key: string;
  /** JSON: [{name, key, size, type}] in upload order. */
  attachments: string;
  created_at: number;
  /** When the attachments' retention ended and their files were deleted; the text stays. */
  files_deleted_at: number | null;
}

export interface FeedbackTables {
  feedback: FeedbackTable;
}
