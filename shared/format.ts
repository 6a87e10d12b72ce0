// Display formatters: file sizes (SPEC §9), visit counts (SPEC §7) and media times (SPEC §3).

const FILE_SIZE_UNITS = ['KB', 'MB', 'GB'] as const;

/** 512 → '512 B', 1536 → '1.50 KB', up to GB (larger sizes stay in GB). Whole bytes carry no decimals. */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) throw new RangeError(`not a file size: ${bytes}`);
  if (bytes < 1024) return `${Math.round(bytes)} B`;
  let size = bytes / 1024;
  let unit = 0;
  // Compare the rounded figure so 1048575 bytes reads '1.00 MB', not '1024.00 KB'.
  while (Number(size.toFixed(2)) >= 1024 && unit < FILE_SIZE_UNITS.length - 1) {
    size /= 1024;
    unit += 1;
  }
  return `${size.toFixed(2)} ${FILE_SIZE_UNITS[unit]}`;
}

/**
 * A limit as people write it: 10485760 → '10MB', 1073741824 → '1GB', 1572864 → '1.5MB' (up to two
 * decimals, trailing zeros dropped, no space). Measured sizes keep formatFileSize's SPEC §9 form.
 */
export function formatSizeLimit(bytes: number): string {
  const [figure, unit] = formatFileSize(bytes).split(' ') as [string, string];
  return `${figure.replace(/\.?0+$/, '')}${unit}`;
}

/**
 * 1234567 → '1,234,567'. Accepts the numeric strings the API may send; anything that is not a
 * plain decimal number is returned unchanged rather than mangled.
 */
export function formatThousands(value: number | string): string {
  const text = String(value);
  const match = /^(-?)(\d+)(\.\d+)?$/.exec(text);
  if (!match) return text;
  const [, sign, whole, fraction = ''] = match;
  return sign + whole.replace(/\B(?=(\d{3})+$)/g, ',') + fraction;
}

const MEDIA_TIME = /^(\d+):([0-5]\d):([0-5]\d)(?:\.(\d))?$/;

/** 'hh:mm:ss.t' (tenths optional) → seconds, or null when the text is not such a time. */
export function parseMediaTime(text: string): number | null {
  const match = MEDIA_TIME.exec(text.trim());
  if (!match) return null;
  const [, hours, minutes, seconds, tenths = '0'] = match;
  const totalTenths = ((Number(hours) * 60 + Number(minutes)) * 60 + Number(seconds)) * 10 + Number(tenths);
  return totalTenths / 10;
}

/** Seconds → 'hh:mm:ss.t', rounded to the nearest tenth. */
export function formatMediaTime(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) throw new RangeError(`not a media time: ${seconds}`);
  const totalTenths = Math.round(seconds * 10);
  const tenths = totalTenths % 10;
  const totalSeconds = (totalTenths - tenths) / 10;
  const pad = (n: number): string => String(n).padStart(2, '0');
  const hh = pad(Math.floor(totalSeconds / 3600));
  const mm = pad(Math.floor(totalSeconds / 60) % 60);
  const ss = pad(totalSeconds % 60);
  return `${hh}:${mm}:${ss}.${tenths}`;
}
