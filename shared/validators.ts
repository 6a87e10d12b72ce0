// The validators and generic form rules of SPEC §5: pure functions shared by pages, API and worker.

/** Chinese characters: the Han script, which covers the extension blocks the old \u4e00-\u9fa5 range misses. */
const HAN = '\\p{Script=Han}';

const LETTERS = /^[A-Za-z]+$/;
const LOWERCASE = /^[a-z]+$/;
const UPPERCASE = /^[A-Z]+$/;
const DIGITS_OR_LETTERS = /^[A-Za-z0-9]+$/;
const CHINESE = new RegExp(`^${HAN}+$`, 'u');
const CHINESE_DIGITS_LETTERS = new RegExp(`^[${HAN}A-Za-z0-9]+$`, 'u');
/** Practical address check: local part, one @, dotted domain ending in a 2+ letter top-level label. */
const EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
/** Mainland mobile: optional +86/0086, then 1, a second digit 3-9 and nine more digits. */
const MAINLAND_MOBILE = /^(?:\+86|0086)?1[3-9]\d{9}$/;
/** Anything that is not a letter, digit, Chinese character or whitespace counts as special. */
const SPECIAL_CHARACTER = new RegExp(`[^${HAN}A-Za-z0-9\\s]`, 'u');

export const isLettersOnly = (value: string): boolean => LETTERS.test(value);
export const isLowercaseOnly = (value: string): boolean => LOWERCASE.test(value);
export const isUppercaseOnly = (value: string): boolean => UPPERCASE.test(value);
export const isDigitsOrLetters = (value: string): boolean => DIGITS_OR_LETTERS.test(value);
export const isChineseOnly = (value: string): boolean => CHINESE.test(value);
export const isChineseDigitsOrLetters = (value: string): boolean => CHINESE_DIGITS_LETTERS.test(value);
export const isEmail = (value: string): boolean => EMAIL.test(value) && !value.includes('..');
export const isMainlandMobile = (value: string): boolean => MAINLAND_MOBILE.test(value);
export const hasSpecialCharacter = (value: string): boolean => SPECIAL_CHARACTER.test(value);

/**
 * A query-string value copied into a cookie (SPEC §5): only [A-Za-z0-9_] survives, and nothing
 * usable (missing, empty, repeated keys parsed to an array, nested objects) becomes '0'.
 */
export function sanitizeCookieValue(value: unknown): string {
  if (typeof value !== 'string') return '0';
  return value.replace(/[^A-Za-z0-9_]/g, '') || '0';
}

/** Length as the user counts it: one per character, so a Chinese character or an emoji is 1. */
export function textLength(value: string): number {
  return [...value].length;
}

/** What a textarea shows under its maximum length; never below 0. */
export function remainingLength(value: string, maxLength: number): number {
  return Math.max(0, maxLength - textLength(value));
}

// ---- Generic form rules -------------------------------------------------------------------------

export type RuleTrigger = 'blur' | 'change';

export interface FormRule<V> {
  /** True when the value is acceptable. */
  test: (value: V) => boolean;
  message: string;
  trigger: RuleTrigger;
}

function isFilled(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

export function required(message: string, trigger: RuleTrigger = 'blur'): FormRule<unknown> {
  return { test: isFilled, message, trigger };
}

export function maxLength(limit: number, message: string, trigger: RuleTrigger = 'change'): FormRule<string> {
  return { test: (value) => textLength(value) <= limit, message, trigger };
}

/** Checkbox groups: how many boxes may be ticked (either bound may be left open). */
export function selectionCount(
  bounds: { min?: number; max?: number },
  message: string,
  trigger: RuleTrigger = 'change',
): FormRule<readonly unknown[]> {
  const { min = 0, max = Infinity } = bounds;
  return { test: (selected) => selected.length >= min && selected.length <= max, message, trigger };
}

/**
 * The message of the first rule the value breaks, or null when it passes. With a trigger only the
 * rules bound to that event run (blur/change); without one, all run (form submit).
 */
export function validateField<V>(value: V, rules: readonly FormRule<V>[], trigger?: RuleTrigger): string | null {
  const failed = rules.find((rule) => (trigger === undefined || rule.trigger === trigger) && !rule.test(value));
  return failed ? failed.message : null;
}
