// Mobile numbers as the SPEC §5 validator accepts them (+86 / 0086 prefixes), stored as 11 digits.
import { isMainlandMobile } from '../../shared/validators';

export function normaliseMobile(input: unknown): string | undefined {
  if (typeof input !== 'string') return undefined;
  const trimmed = input.replace(/[\s-]/g, '');
  if (!isMainlandMobile(trimmed)) return undefined;
  return trimmed.slice(-11);
}

/** 138****8000: what the header and the logs show. */
export function maskMobile(mobile: string): string {
  return `${mobile.slice(0, 3)}****${mobile.slice(7)}`;
}
