import { useEffect, useState } from "preact/hooks";
import { Chart } from "../chart.js";
import { dateTime, duration } from "../format.js";
import { useResource } from "../hooks.js";
import { html } from "../html.js";
import { type RunningSubagent, SubagentList } from "../subagents.js";
import { Badge, Card, Empty, Loading, Page } from "../ui-kit.js";

interface Series {
  t: number[];
  turns: number[];
  latency_ms: number[];
}

/** `GET /api/overview`. */
export interface OverviewAnswer {
  version: string;
  started_at: string;
  uptime_s: number;
  channels: { name: string; state: string; detail?: string }[];
  /** In effect: `bubblewrap`, `none` or `refused`, with doctor's sentence. */
  sandbox: { mode: string; network: string; detail?: string };
  cluster: null | { members: { id: string; last_seen: string }[] };
  agents: { id: string; name?: string }[];
  subagents: RunningSubagent[];
  warnings: { time: string; level: string; msg: string }[];
  series: { hour: Series; day: Series };
}

/** The daemon at a glance: channels, uptime, sandbox, cluster, running sub-agents, warnings, and traffic charts. */
export function OverviewPage() {
  const { data, error } = useResource<OverviewAnswer>("/api/overview", ["overview"]);
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  if (!data) return html`<${Page} title="Overview" error=${error}>${!error && html`<${Loading} />`}<//>`;
  const uptime = (now - new Date(data.started_at).getTime()) / 1000;
  return html`<${Page} title="Overview" error=${error}>
    <div class="stats">
      <div class="stat"><span>Version</span><strong>${data.version}</strong></div>
      <div class="stat"><span>Uptime</span><strong>${duration(Number.isNaN(uptime) ? data.uptime_s : uptime)}</strong></div>
      <div class="stat" title=${data.sandbox.detail}><span>Sandbox</span><strong>${data.sandbox.mode}</strong></div>
      <div class="stat"><span>Network</span><strong>${data.sandbox.network}</strong></div>
    </div>
    <div class="grid">
      <${Card} title="Channels">
        ${
          data.channels.length
            ? html`<ul class="plain-list">${data.channels.map(
                (channel) => html`<li><strong>${channel.name}</strong> <${Badge} state=${channel.state} />
                ${channel.detail && html`<span class="muted"> ${channel.detail}</span>`}</li>`,
              )}</ul>`
            : html`<${Empty}>No channel configured.<//>`
        }
      <//>
      <${Card} title="Cluster">
        ${
          data.cluster
            ? html`<ul class="plain-list">${data.cluster.members.map(
                (member) =>
                  html`<li><code>${member.id}</code> <span class="muted">seen ${dateTime(member.last_seen)}</span></li>`,
              )}</ul>`
            : html`<${Empty}>Single process (no cluster).<//>`
        }
        ${
          data.agents.length > 1 &&
          html`<h3>Agents</h3><ul class="plain-list">${data.agents.map((agent) => html`<li>${agent.name ?? agent.id}</li>`)}</ul>`
        }
      <//>
    </div>
    <${Card} title="Sub-agents">
      <${SubagentList} subagents=${data.subagents ?? []} showChat=${true} />
    <//>
    <div class="grid">
      <${Chart} title="Last hour: turns per minute and p50 reply latency" times=${data.series.hour.t} series=${traffic(data.series.hour)} />
      <${Chart} title="Last day: turns per 15 minutes and p50 reply latency" times=${data.series.day.t} series=${traffic(data.series.day)} />
    </div>
    <${Card} title="Errors and warnings">
      ${
        data.warnings.length
          ? html`<ul class="log-list">${data.warnings.map(
              (warning) =>
                html`<li class="level-${warning.level}"><time>${dateTime(warning.time)}</time> <${Badge} state=${warning.level} /> ${warning.msg}</li>`,
            )}</ul>`
          : html`<${Empty}>No errors or warnings.<//>`
      }
    <//>
  <//>`;
}

function traffic(series: Series) {
  return [
    { label: "turns", color: "#2563eb", values: series.turns, bars: true },
    { label: "p50 latency (ms)", color: "#d97706", values: series.latency_ms, axis: "right" as const },
  ];
}
