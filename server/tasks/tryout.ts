// The try-out hook: a tool may give some tiers only a partial result (e.g. the first pages), which
// goOnConvert later finishes with the full options. No tool restricts anyone yet; a tool that
// wants to adds a rule here.
import type { Tier } from '../convert/types';

export interface RunPlan {
  /** The options the converter actually gets. */
  options: unknown;
  /** True when these options give less than the visitor asked for. */
  partial: boolean;
}

type TryoutRule = (options: unknown, tier: Tier) => RunPlan;

const RULES: Record<string, TryoutRule> = {};

export function planRun(toolId: string, tier: Tier, options: unknown): RunPlan {
  return RULES[toolId]?.(options, tier) ?? { options, partial: false };
}
