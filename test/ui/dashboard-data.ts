/** Answers of the dashboard API for the browser UI's tests and screenshots: a day of a small team's traffic. */

const minute = 60_000;

function iso(msAgo: number, now: number): string {
  return new Date(now - msAgo).toISOString();
}

/** A wave of traffic: `points` values that rise and fall like a working day. */
function wave(points: number, scale: number, phase: number): number[] {
  return Array.from({ length: points }, (_, i) =>
    Math.max(0, Math.round(scale * (1 + Math.sin(i / 6 + phase)) * 0.5 + (i % 5))),
  );
}

/** The GET answers, by path, as of `now`. */
export function dashboardAnswers(now: number): Map<string, unknown> {
  const hourStart = Math.floor(now / 1000 / 60) * 60 - 59 * 60;
  const dayStart = Math.floor(now / 1000 / 900) * 900 - 95 * 900;
  const today = new Date(now).toISOString().slice(0, 10);
  const day = (back: number) => new Date(now - back * 86_400_000).toISOString().slice(0, 10);
  return new Map<string, unknown>([
    [
      "/api/overview",
      {
        version: "0.1.0",
        started_at: iso(3 * 3600_000 + 17 * minute, now),
        uptime_s: 3 * 3600 + 17 * 60,
        channels: [
          { name: "telegram", state: "running" },
          { name: "slack", state: "running" },
          { name: "discord", state: "retrying", detail: "gateway closed (4000), next try in 8 s" },
          { name: "web", state: "running" },
        ],
        sandbox: { mode: "bubblewrap", network: "allowlist" },
        cluster: null,
        agents: [{ id: "main" }],
        warnings: [
          { time: iso(12 * minute, now), level: "warn", msg: "discord: gateway closed (4000), reconnecting" },
          {
            time: iso(95 * minute, now),
            level: "error",
            msg: "provider openai: 429 rate limited, fell back to backup",
          },
        ],
        series: {
          hour: {
            t: Array.from({ length: 60 }, (_, i) => hourStart + i * 60),
            turns: wave(60, 6, 0),
            latency_ms: wave(60, 2400, 1).map((v) => v + 900),
          },
          day: {
            t: Array.from({ length: 96 }, (_, i) => dayStart + i * 900),
            turns: wave(96, 40, 2),
            latency_ms: wave(96, 2000, 0.5).map((v) => v + 1100),
          },
        },
      },
    ],
    [
      "/api/conversations",
      {
        conversations: [
          {
            key: "telegram:1001",
            channel: "telegram",
            chat_id: "1001",
            agent: "main",
            title: "Ada Lovelace",
            last_activity: iso(2 * minute, now),
            message_count: 14,
          },
          {
            key: "slack:C042:1732600000.000100",
            channel: "slack",
            chat_id: "C042",
            thread: "1732600000.000100",
            agent: "main",
            title: "#ops thread",
            last_activity: iso(40 * minute, now),
            message_count: 6,
          },
        ],
      },
    ],
    ["/api/browsers", { browsers: [] }],
    [
      "/api/conversations/telegram:1001",
      {
        key: "telegram:1001",
        messages: [
          {
            role: "user",
            sender: "Ada Lovelace",
            text: "How full is the disk on the build box?",
            time: iso(4 * minute, now),
          },
          {
            role: "assistant",
            text: "",
            time: iso(4 * minute, now),
            tool_calls: [{ id: "call_1", name: "exec_shell", arguments: '{"command":"df -h /"}' }],
          },
          {
            role: "tool",
            tool_call_id: "call_1",
            text: "Filesystem      Size  Used Avail Use% Mounted on\n/dev/sda1        80G   61G   16G  80% /",
          },
          {
            role: "assistant",
            text: "The root disk is **80% full** (16 GB free).\n\n- biggest: `/var/cache`\n- next: `/home`",
            time: iso(3 * minute, now),
          },
        ],
      },
    ],
    [
      "/api/chat/conversations",
      { conversations: [{ id: "w1", title: "Release notes draft", last_activity: iso(30 * minute, now) }] },
    ],
    [
      "/api/chat/w1",
      {
        messages: [
          { role: "user", text: "Draft the release notes for 0.1.0", time: iso(31 * minute, now) },
          {
            role: "assistant",
            text: "## skein 0.1.0\n\n- one agent in **Telegram, Slack and Discord**",
            time: iso(30 * minute, now),
          },
        ],
      },
    ],
    [
      "/api/approvals",
      {
        pending: [
          {
            id: "ap-7",
            tool: "exec_shell",
            arguments: 'command: rm -rf ./build && make release\ncwd: "/srv/app"',
            chat: "telegram:1001",
            requested_by: "Ada Lovelace",
            expires_at: iso(-9 * minute, now),
          },
        ],
        recent: [
          {
            id: "ap-6",
            tool: "write_file",
            decision: "once",
            decided_by: "operator",
            where: "dashboard",
            time: iso(50 * minute, now),
          },
          {
            id: "ap-5",
            tool: "exec_shell",
            decision: "deny",
            decided_by: "Ada Lovelace",
            where: "telegram",
            time: iso(2 * 3600_000, now),
          },
        ],
      },
    ],
    [
      "/api/pairing",
      {
        pending: [{ channel: "telegram", code: "K7QX-93ZD", sender: "5550123", name: "Grace Hopper", age_s: 140 }],
        approved: [{ channel: "slack", sender: "U02ABCDEF", name: "Linus" }],
      },
    ],
    [
      "/api/schedules",
      {
        jobs: [
          {
            id: "job-1",
            kind: "cron",
            name: "morning digest",
            schedule: "0 8 * * 1-5",
            next_run: iso(-14 * 3600_000, now),
            target: "slack:C042",
          },
          {
            id: "job-2",
            kind: "every",
            name: "disk check",
            schedule: "every 6h",
            next_run: iso(-95 * minute, now),
            target: "telegram:1001",
          },
        ],
      },
    ],
    [
      "/api/usage",
      {
        days: [
          ...[6, 5, 4, 3, 2, 1].flatMap((back) => [
            {
              date: day(back),
              model: "gpt-4.1-mini",
              input_tokens: 40_000 + back * 7_000,
              output_tokens: 9_000 + back * 1_000,
              cached_tokens: 12_000,
              cost: 0.03 + back / 200,
            },
            {
              date: day(back),
              model: "claude-sonnet",
              input_tokens: 20_000 + back * 3_000,
              output_tokens: 4_000,
              cached_tokens: 0,
              cost: 0.09 + back / 100,
            },
          ]),
          {
            date: today,
            model: "gpt-4.1-mini",
            input_tokens: 31_415,
            output_tokens: 9_265,
            cached_tokens: 3_000,
            cost: 0.0271,
          },
          // A local model without prices: no cost, shown as `-`.
          { date: today, model: "llama3", input_tokens: 5_200, output_tokens: 1_100, cached_tokens: 0, cost: null },
        ],
        by_chat: [{ chat: "telegram:1001", input_tokens: 180_000, output_tokens: 41_000, cost: 0.61 }],
        by_user: [{ user: "Ada Lovelace", input_tokens: 180_000, output_tokens: 41_000, cost: 0.61 }],
        budgets: [{ name: "daily tokens", limit: 500_000, used: 40_680, unit: "tokens" }],
      },
    ],
    [
      "/api/logs",
      {
        lines: [
          {
            time: iso(3 * minute, now),
            level: "info",
            msg: "turn finished",
            channel: "telegram",
            chat: "telegram:1001",
            ms: 2140,
          },
          {
            time: iso(12 * minute, now),
            level: "warn",
            msg: "gateway closed (4000), reconnecting",
            channel: "discord",
          },
        ],
      },
    ],
    [
      "/api/config",
      {
        entries: [
          { key: "agent.model", value: "gpt-4.1-mini", source: "file", secret: false },
          { key: "channels.telegram.token", value: "••••", source: ".env", secret: true },
          { key: "dashboard.enabled", value: true, source: "default", secret: false },
          { key: "dashboard.session_ttl", value: "7d", source: "default", secret: false },
          { key: "gateway.bind", value: "127.0.0.1", source: "default", secret: false },
          { key: "providers.openai.api_key", value: "••••", source: "env", secret: true },
          { key: "tools.approval", value: "ask", source: "file", secret: false },
        ],
        warnings: ["channels.discord: the bot lacks the Message Content intent; it only sees mentions"],
      },
    ],
  ]);
}
