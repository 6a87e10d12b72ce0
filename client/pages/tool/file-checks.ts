// What the page checks before uploading: the tool's accepted types and the tier's limits from the
// catalogue. The server checks again (and sniffs the bytes); this only spares a wasted upload.
import type { TierLimits, Tool } from '../../../shared/catalogue';
import { formatSizeLimit } from '../../../shared/format';

/** Whose limits apply: guest, logged-in user or VIP (client/account/session.ts tierOfUser). */
export type Tier = keyof TierLimits;

export interface ChosenFile {
  /** Stable across reorders, for React keys and drag-and-drop. */
  id: string;
  name: string;
  size: number;
  /** The visitor's own file; absent for a result carried from another tool (继续处理). */
  file?: File;
  /** A carried result already staged on the server as a thumbnail task (page tools). */
  stagedTaskId?: string;
  /** A carried result's picture (its first page, the image), from resultPreview. */
  pictureUrl?: string;
}

export interface Intake {
  accepted: File[];
  /** One Chinese sentence per refused file or rule. */
  problems: string[];
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

export function acceptList(tool: Tool): string {
  return tool.accept.map((ext) => ext.toUpperCase()).join('、');
}

/** Takes what fits from `incoming` next to the `current` files (at most `maxFiles` in all); says why the rest was left out. */
export function admitFiles(tool: Tool, tier: Tier, maxFiles: number, current: readonly ChosenFile[], incoming: readonly File[]): Intake {
  const maxSize = tool.maxFileSize[tier];
  const accepted: File[] = [];
  const problems: string[] = [];
  const seen = new Set(current.flatMap(({ file }) => (file ? [`${file.name}|${file.size}|${file.lastModified}`] : [])));
  let overflow = 0;
  for (const file of incoming) {
    const key = `${file.name}|${file.size}|${file.lastModified}`;
    if (seen.has(key)) continue;
    if (!tool.accept.includes(extensionOf(file.name))) {
      problems.push(`“${file.name}”格式不支持，请上传 ${acceptList(tool)} 格式的文件`);
    } else if (file.size === 0) {
      problems.push(`“${file.name}”是空文件，请重新选择`);
    } else if (file.size > maxSize) {
      problems.push(`“${file.name}”超过 ${formatSizeLimit(maxSize)} 的大小限制${tier === 'vip' ? '' : '，开通会员可上传更大的文件'}`);
    } else if (current.length + accepted.length >= maxFiles) {
      overflow += 1;
    } else {
      seen.add(key);
      accepted.push(file);
    }
  }
  if (overflow > 0) {
    problems.push(maxFiles === 1 ? '每次只能处理 1 个文件，已保留第一个' : `每次最多处理 ${maxFiles} 个文件，多出的 ${overflow} 个未添加`);
  }
  return { accepted, problems };
}

let nextId = 0;

export function toChosen(files: readonly File[]): ChosenFile[] {
  return files.map((file) => ({ id: `f${++nextId}`, name: file.name, size: file.size, file }));
}

/** Result files of another task, carried here without uploading them again. */
export function carriedFiles(files: readonly { name: string; size: number }[], stagedTaskIds?: readonly string[], pictureUrls?: readonly (string | undefined)[]): ChosenFile[] {
  return files.map((file, i) => ({ id: `c${++nextId}`, name: file.name, size: file.size, stagedTaskId: stagedTaskIds?.[i], pictureUrl: pictureUrls?.[i] }));
}

/** The visitor's own files among the chosen (what a login or payment keeps in this browser). */
export function localFiles(files: readonly ChosenFile[]): File[] {
  return files.flatMap((f) => (f.file ? [f.file] : []));
}

/** Moves the item at `from` to index `to`. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}
