// Group submits (submitTask_group, submitTaskGroupNew) carry many files. Tools that combine their
// inputs into one result get all the files as one task (the tool's maxFiles applies); every other
// tool gets one task per file, so each file succeeds or fails, and is downloaded, on its own.
import type { Tier } from '../convert/types';

const COMBINING_TOOLS = new Set(['pdf-merge', 'jpg-to-pdf', 'pdf-insert', 'pdf-portfolios']);

/** Files one group submit may split into single-file tasks. */
const GROUP_MAX_FILES: Record<Tier, number> = { guest: 5, user: 20, vip: 100 };

export function groupTaskPerFile(toolId: string): boolean {
  return !COMBINING_TOOLS.has(toolId);
}

export function groupMaxFiles(tier: Tier, toolMaxFiles: number): number {
  return Math.max(GROUP_MAX_FILES[tier], toolMaxFiles);
}
