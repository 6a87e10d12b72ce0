// Dates as the payment pages show them, in the visitor's own time: 2026-11-25, 2026-11-25 09:30.
const pad = (n: number) => String(n).padStart(2, '0');

export function formatDay(ms: number): string {
  const at = new Date(ms);
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

export function formatDayTime(ms: number): string {
  const at = new Date(ms);
  return `${formatDay(ms)} ${pad(at.getHours())}:${pad(at.getMinutes())}`;
}
