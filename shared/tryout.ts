// Try-out results (SPEC §1, §3; ARCHITECTURE "Task flow"): the tools that rebuild a PDF as an
// editable document give non-members the first pages only, and goOnConvert finishes the file once
// the visitor is a member. The SPEC shows no numbers; ours follow what users of Chinese PDF sites
// know ("免费转换前 5 页"): guests and logged-in users alike get the first 5 pages of what they
// chose, members every page. Shorter files are never cut, and a cut file is not counted twice.
import type { TierLimits } from './catalogue';

type Tier = keyof TierLimits;

export const TRYOUT_PAGES = 5;

/** The tools whose try-out result is the first pages. */
export const PAGE_LIMITED_TOOLS: ReadonlySet<string> = new Set(['pdf-to-word', 'pdf-to-excel', 'pdf-to-ppt']);

/** True when this tier gets only the first pages of this tool's result. */
export function pageLimited(toolId: string, tier: Tier): boolean {
  return PAGE_LIMITED_TOOLS.has(toolId) && tier !== 'vip';
}

/** The task message of a cut result. */
export function tryoutNote(total: number): string {
  return `免费试用已转换前 ${TRYOUT_PAGES} 页（共 ${total} 页），开通会员即可转换全部页面`;
}
