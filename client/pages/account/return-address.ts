// Where the login page sends the visitor back to: only an address of this site (a path, or the
// public origin), so the login page cannot be used to bounce people to another site.
export function safeReturnAddress(raw: string | null, publicOrigin: string, fallback = '/'): string {
  if (!raw) return fallback;
  if (raw.startsWith('/') && !raw.startsWith('//') && !raw.startsWith('/\\')) return raw;
  try {
    const url = new URL(raw);
    return url.origin === new URL(publicOrigin).origin ? url.href : fallback;
  } catch {
    return fallback;
  }
}
