import { useEffect, useRef, useState } from "preact/hooks";
import { getJson } from "../api.js";
import { dateTime } from "../format.js";
import { useEvent } from "../hooks.js";
import { html } from "../html.js";
import { Empty, Page } from "../ui-kit.js";

interface LogLine {
  time: string;
  level: string;
  msg: string;
  channel?: string;
  [field: string]: unknown;
}

const levels = ["trace", "debug", "info", "warn", "error", "fatal"];
const keep = 1000;

/** The daemon's log, live: the last lines and each new one, filtered by level and channel. */
export function LogsPage() {
  const [level, setLevel] = useState("info");
  const [channel, setChannel] = useState("");
  const [lines, setLines] = useState<LogLine[]>([]);
  const [error, setError] = useState<string | undefined>(undefined);
  const [follow, setFollow] = useState(true);
  const bottom = useRef<HTMLDivElement>(null);

  // Lines that arrive live while the last lines are being fetched are added after them, not lost.
  const arrived = useRef<LogLine[] | undefined>(undefined);

  useEffect(() => {
    const params = new URLSearchParams({ level, limit: "500" });
    if (channel) params.set("channel", channel);
    let current = true;
    arrived.current = [];
    getJson<{ lines: LogLine[] }>(`/api/logs?${params}`).then(
      (answer) => {
        if (!current) return;
        const known = new Set(answer.lines.map(identity));
        const live = (arrived.current ?? []).filter((line) => !known.has(identity(line)));
        arrived.current = undefined;
        setLines([...answer.lines, ...live].slice(-keep));
        setError(undefined);
      },
      (failure: Error) => {
        if (current) setError(failure.message);
      },
    );
    return () => {
      current = false;
    };
  }, [level, channel]);

  useEvent("log", (data) => {
    const line = data as LogLine | null;
    if (!line || levels.indexOf(line.level) < levels.indexOf(level)) return;
    if (channel && line.channel !== channel) return;
    arrived.current?.push(line);
    setLines((current) => [...current, line].slice(-keep));
  });

  useEffect(() => {
    if (follow) bottom.current?.scrollIntoView({ block: "end" });
  }, [lines, follow]);

  return html`<${Page} title="Logs" error=${error}>
    <form class="filters" onSubmit=${(event: Event) => event.preventDefault()}>
      <label>Level <select value=${level} onChange=${(event: Event) => setLevel((event.target as HTMLSelectElement).value)}>
        ${levels.map((name) => html`<option value=${name}>${name} and above</option>`)}
      </select></label>
      <label>Channel <input type="text" value=${channel} placeholder="any" size="12"
        onChange=${(event: Event) => setChannel((event.target as HTMLInputElement).value.trim())} /></label>
      <label class="inline"><input type="checkbox" checked=${follow}
        onChange=${(event: Event) => setFollow((event.target as HTMLInputElement).checked)} /> Follow</label>
    </form>
    <div class="log-tail" role="log" aria-label="Log lines">
      ${lines.length === 0 && html`<${Empty}>No log line matches.<//>`}
      ${lines.map(
        (line) => html`<div class="log-line level-${line.level}">
          <time>${dateTime(line.time)}</time> <span class="level">${line.level}</span>
          ${line.channel && html`<span class="channel">[${line.channel}]</span>`} <span>${line.msg}</span>
          ${extra(line) && html`<span class="muted"> ${extra(line)}</span>`}
        </div>`,
      )}
      <div ref=${bottom}></div>
    </div>
  <//>`;
}

function identity(line: LogLine): string {
  return `${line.time} ${line.level} ${line.msg}`;
}

/** The fields of a line besides time, level, channel and msg, as `key=value`. */
function extra(line: LogLine): string {
  return Object.entries(line)
    .filter(([key]) => !["time", "level", "msg", "channel"].includes(key))
    .map(([key, value]) => `${key}=${typeof value === "string" ? value : JSON.stringify(value)}`)
    .join(" ");
}
