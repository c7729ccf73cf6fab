/** One log record as the dashboard's API answers it. */
export interface LogLine {
  time: string;
  level: string;
  msg: string;
  channel?: string;
  [field: string]: unknown;
}

const levels: Record<number, string> = { 10: "trace", 20: "debug", 30: "info", 40: "warn", 50: "error", 60: "fatal" };

/** A level's number (`warn` -> 40), or undefined when unknown. */
export function levelNumber(name: string): number | undefined {
  const found = Object.entries(levels).find(([, level]) => level === name);
  return found ? Number(found[0]) : undefined;
}

/**
 * The last log lines (default 1,000) as the logger wrote them, secrets already redacted: kept
 * as the text of the line and parsed only when asked for. Allocated only when the dashboard is on.
 */
export class LogRing {
  readonly #lines: string[] = [];
  #next = 0;
  readonly #listeners = new Set<(line: string) => void>();

  constructor(readonly capacity = 1_000) {}

  /** The logger's tap. */
  readonly add = (line: string): void => {
    if (this.#lines.length < this.capacity) this.#lines.push(line);
    else this.#lines[this.#next] = line;
    this.#next = (this.#next + 1) % this.capacity;
    for (const listener of this.#listeners) listener(line);
  };

  /** The records, oldest first, passing `filter`, the last `limit` of them. */
  read(filter: (line: LogLine) => boolean = () => true, limit = this.capacity): LogLine[] {
    const ordered =
      this.#lines.length < this.capacity
        ? this.#lines
        : [...this.#lines.slice(this.#next), ...this.#lines.slice(0, this.#next)];
    const lines: LogLine[] = [];
    for (const text of ordered) {
      const line = parseLine(text);
      if (line && filter(line)) lines.push(line);
    }
    return lines.slice(-limit);
  }

  /** Calls `listener` with each new line; returns the function that stops it. */
  onLine(listener: (line: string) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}

/** A pino JSON line as a {@link LogLine}, or undefined when it is not one. */
export function parseLine(text: string): LogLine | undefined {
  try {
    const record = JSON.parse(text) as Record<string, unknown>;
    const { level, time, msg, ...rest } = record;
    return {
      ...rest,
      time: new Date(typeof time === "number" ? time : Date.now()).toISOString(),
      level: typeof level === "number" ? (levels[level] ?? String(level)) : String(level),
      msg: typeof msg === "string" ? msg : "",
    };
  } catch {
    return undefined;
  }
}
