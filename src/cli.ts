import { Command } from "commander";
import packageJson from "../package.json" with { type: "json" };

/**
 * The `skein` command. Every subcommand lives in src/commands/ and is imported only
 * when it runs, so `skein --version` and `skein --help` load nothing else.
 */

type CommandModule = { run(options: never): Promise<number> };

function action<Options>(load: () => Promise<{ run(options: Options): Promise<number> }>) {
  return async (...args: unknown[]) => {
    const command = args.at(-1) as Command;
    const options = { ...command.optsWithGlobals(), args: command.args } as Options;
    const module = await load();
    process.exitCode = await module.run(options);
  };
}

const program = new Command()
  .name("skein")
  .description("One AI agent in Telegram, Slack and Discord at once.")
  .version(packageJson.version, "-V, --version")
  .option("-c, --config <file>", "config file (default: $SKEIN_CONFIG or $SKEIN_HOME/config.json)")
  .showHelpAfterError();

program
  .command("start")
  .description("run the daemon: every channel whose credentials are configured (with none, the dashboard's web chat)")
  .action(action(() => import("./commands/start.js")));

program
  .command("stop")
  .description("stop the running daemon as SIGTERM does (turns in flight finish), and wait until it exited")
  .action(action(() => import("./commands/stop.js")));

program
  .command("init")
  .description("set skein up: model endpoint and key, channel tokens, your id; writes config.json, seeds the workspace")
  .option("-y, --yes", "ask nothing: take the answers from these flags, the environment and .env")
  .option("--model <name>", "model name (agents.defaults.model)")
  .option("--base-url <url>", "OpenAI-compatible endpoint (providers.openai.base_url)")
  .option("--api-key <key>", "API key (providers.openai.api_key; OPENAI_API_KEY works too)")
  .option("--allow-from <ids>", "your own ids, comma-separated, for each channel's allow_from")
  .option("--no-verify", "skip checking the endpoint and the channel credentials")
  .action(action(() => import("./commands/init.js")));

program
  .command("chat")
  .description("talk to the agent in the terminal (reads lines from stdin)")
  .option("-m, --message <text>", "send one message, print the reply and exit")
  .option("--agent <id>", "talk to this agent of agents.list (default: the one the bindings give the terminal)")
  .action(action(() => import("./commands/chat.js")));

program
  .command("tools")
  .description("list the tools the agent can call (built-in and MCP)")
  .option("--json", "print JSON for scripts")
  .option("--agent <id>", "the tools of this agent of agents.list (default: the default agent's)")
  .action(action(() => import("./commands/tools.js")));

const config = program.command("config").description("inspect the configuration");
config
  .command("check")
  .description("validate the configuration and show what is enabled")
  .option("--json", "print JSON for scripts")
  .option(
    "--strict",
    "also fail on unknown keys, and when no model or no chat platform is configured (for scripts and CI)",
  )
  .action(action(() => import("./commands/config-check.js")));

const agents = program.command("agents").description("several agents: who answers where");
agents
  .command("list")
  .description("list the agents (workspace, model, tools), their bindings and the chats each has served")
  .option("--json", "print JSON for scripts")
  .action(action(() => import("./commands/agents-list.js")));

const pairing = program.command("pairing").description("let new people talk to the bot");
pairing
  .command("list")
  .description("list pending pairing codes and approved senders")
  .option("--json", "print JSON for scripts")
  .action(action(() => import("./commands/pairing-list.js")));
pairing
  .command("approve <channel> <code>")
  .description("approve the sender who received this pairing code")
  .action(action(() => import("./commands/pairing-approve.js")));
pairing
  .command("revoke <channel> <sender>")
  .description("stop an approved sender (id or @username) from talking to the bot")
  .action(action(() => import("./commands/pairing-revoke.js")));

const schedule = program.command("schedule").description("reminders and recurring tasks the agent scheduled");
schedule
  .command("list")
  .description("list the scheduled jobs, their next run and target")
  .option("--json", "print JSON for scripts")
  .action(action(() => import("./commands/schedule-list.js")));
schedule
  .command("remove <id>")
  .description("remove a scheduled job")
  .action(action(() => import("./commands/schedule-remove.js")));

const skills = program
  .command("skills")
  .description("skills: SKILL.md folders of instructions (and scripts) the agent follows");
skills
  .command("list")
  .description(
    "list the skills found, their folder and status (ready, missing bins or env, wrong os, disabled, invalid, shadowed)",
  )
  .option("--json", "print JSON for scripts")
  .action(action(() => import("./commands/skills-list.js")));
skills
  .command("check <folder>")
  .description("validate one skill folder and print what the model would see")
  .action(action(() => import("./commands/skills-check.js")));
skills
  .command("add <source>")
  .description("install a skill from a folder, a .zip, a .tar.gz or a git URL into <workspace>/skills/<name>/")
  .option("-y, --yes", "install without asking for confirmation")
  .option("--force", "replace an installed skill of the same name")
  .action(action(() => import("./commands/skills-add.js")));
skills
  .command("remove <name>")
  .description("remove the skill <workspace>/skills/<name>/")
  .action(action(() => import("./commands/skills-remove.js")));

const mcp = program.command("mcp").description("Model Context Protocol servers");
mcp
  .command("check")
  .description("connect to each configured MCP server and report what it offers")
  .action(action(() => import("./commands/mcp-check.js")));

program
  .command("doctor")
  .description("check config, workspace, LLM endpoint, channel credentials and MCP servers")
  .option("--json", "print JSON for scripts")
  .action(action(() => import("./commands/doctor.js")));

program
  .command("usage")
  .description("tokens and cost of the model calls, by chat, user, model or agent")
  .option("--since <date>", "from this day on, YYYY-MM-DD in UTC (default: the first of this month)")
  .option("--by <grouping>", "group by chat, user, model or agent", "model")
  .option("--json", "print JSON")
  .action(action(() => import("./commands/usage.js")));

program
  .command("dashboard")
  .description("print a one-time login link to the dashboard (the daemon's web UI)")
  .option("--open", "also open the link in the browser")
  .option("--revoke-all", "end every dashboard session (every browser must log in again)")
  .action(action(() => import("./commands/dashboard.js")));

program
  .command("status")
  .description("show the running daemon's channels, uptime, sessions and turns")
  .option("--json", "print JSON for scripts")
  .action(action(() => import("./commands/status.js")));

try {
  await program.parseAsync();
} catch (error) {
  process.stderr.write(`skein: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}

export type { CommandModule };
