// The try-out rules (shared/tryout.ts holds the numbers): a tool may give some tiers only a partial
// result, which goOnConvert later finishes with the full options once the tier allows it. The
// plan is made when the job starts, with the inputs at hand, so that only a file that really is
// longer than the try-out is cut (and only such a result is marked partial).
import { PAGE_LIMITED_TOOLS, pageLimited, TRYOUT_PAGES, tryoutNote } from '../../shared/tryout';
import { ConvertError } from '../convert/errors';
import { selectPageNumbers } from '../convert/page-ranges';
import { countPdfPages } from '../convert/tools/pdf-render/pdf-input';
import type { ConvertInput, Tier } from '../convert/types';

export interface RunPlan {
  /** The options the converter actually gets. */
  options: unknown;
  /** True when these options give less than the visitor asked for. */
  partial: boolean;
  /** What the task's message says about it. */
  note?: string;
}

interface PlanContext {
  inputs: readonly ConvertInput[];
  workDir: string;
  signal: AbortSignal;
}

/** A tool's try-out: whether a tier is held to it, and the plan for one job. */
interface TryoutRule {
  limits(tier: Tier): boolean;
  plan(options: unknown, context: PlanContext): Promise<RunPlan>;
}

type PageOptions = { pages?: unknown; password?: unknown };

/** The first TRYOUT_PAGES of the chosen pages of each PDF (converter option pageLimit). */
const firstPages = (toolId: string): TryoutRule => ({
  limits: (tier) => pageLimited(toolId, tier),
  async plan(options, { inputs, workDir, signal }) {
    const { pages = '', password = '' } = (options ?? {}) as PageOptions;
    let longest = 0;
    for (const input of inputs) {
      try {
        const count = await countPdfPages(input.path, { password: String(password), workDir, signal });
        longest = Math.max(longest, selectPageNumbers(String(pages), count).length);
      } catch (error) {
        // An unreadable file or a bad range: the converter says why in its own words.
        if (!(error instanceof ConvertError)) throw error;
      }
    }
    if (longest <= TRYOUT_PAGES) return { options, partial: false };
    return { options: { ...(options as object), pageLimit: TRYOUT_PAGES }, partial: true, note: tryoutNote(longest) };
  },
});

const RULES: Record<string, TryoutRule> = Object.fromEntries([...PAGE_LIMITED_TOOLS].map((id) => [id, firstPages(id)]));

/** True when this tier would still get a partial result of this tool (goOnConvert waits for more). */
export function tryoutLimits(toolId: string, tier: Tier): boolean {
  return RULES[toolId]?.limits(tier) ?? false;
}

export async function planRun(toolId: string, tier: Tier, options: unknown, context: PlanContext): Promise<RunPlan> {
  const rule = RULES[toolId];
  if (!rule || !rule.limits(tier)) return { options, partial: false };
  return rule.plan(options, context);
}
