/** How the UI writes times, durations and numbers. */

/** `2026-11-26T19:40:00Z` -> the viewer's local date and time. */
export function dateTime(iso: string | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}

/** Seconds -> `3d 4h`, `2h 5m`, `4m 10s`, `12s`. */
export function duration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const [d, h, m] = [Math.floor(s / 86_400), Math.floor((s % 86_400) / 3600), Math.floor((s % 3600) / 60)];
  if (d) return `${d}d ${h}h`;
  if (h) return `${h}h ${m}m`;
  if (m) return `${m}m ${s % 60}s`;
  return `${s}s`;
}

/** How long ago `iso` was, in words (`5m ago`). */
export function ago(iso: string | undefined, now = Date.now()): string {
  if (!iso) return "";
  const time = new Date(iso).getTime();
  return Number.isNaN(time) ? iso : `${duration((now - time) / 1000)} ago`;
}

/** 12345 -> `12,345`. */
export function count(value: number): string {
  return value.toLocaleString("en-US");
}

/** A cost in the configured prices' currency, to four decimals when small; `-` when unpriced (null). */
export function cost(value: number | null): string {
  if (value === null) return "-";
  return value < 1 ? value.toFixed(4) : value.toFixed(2);
}
