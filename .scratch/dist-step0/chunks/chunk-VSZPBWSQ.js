#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);
import { commandEnvironment, describeSandbox, resolveSandbox, runSandboxed, SandboxError } from "./chunk-2C6HCPTY.js";
import { CommandRefused } from "./chunk-5QAVSRNS.js";
import { ToolError, toolResult } from "./chunk-6FK2TDNU.js";
import { describeSchedule } from "./chunk-D7JGR63W.js";
import { PairingFiles } from "./chunk-FIAR7CSA.js";
import { configSecrets, environmentSecrets } from "./chunk-KZUCDV6L.js";
import { BlockedAddressError, blockedAddressReason, checkLiteralHost, guardedLookup } from "./chunk-QI67DLSS.js";
import {
  MemoryFile,
  memoryNoteTools,
  noteFiles,
  readRegularFile,
  resolveExisting,
  resolveInWorkspace,
  resolveReadable,
  writeRegularFile,
} from "./chunk-RKXUVTS4.js";
import { rejectOnAbort, settleWithin } from "./chunk-TLEM5GPM.js";
function globToRegExp(glob, options = {}) {
  let any = options.crossSegments ? ".*" : "[^/]*",
    one = options.crossSegments ? "." : "[^/]",
    source = "",
    braceDepth = 0;
  for (let index = 0; index < glob.length; index++) {
    const char = glob[index];
    if (char === "*")
      glob[index + 1] === "*"
        ? (index++, glob[index + 1] === "/" ? (index++, (source += "(?:.*/)?")) : (source += ".*"))
        : (source += any);
    else if (char === "?") source += one;
    else if (char === "{") braceDepth++, (source += "(?:");
    else if (char === "}" && braceDepth > 0) braceDepth--, (source += ")");
    else if (char === "," && braceDepth > 0) source += "|";
    else if (char === "[") {
      const end = glob.indexOf("]", index + 1);
      if (end === -1) source += "\\[";
      else {
        const body = glob
          .slice(index + 1, end)
          .replace(/^!/, "^")
          .replace(/\\/g, "\\\\");
        (source += `[${body}]`), (index = end);
      }
    } else source += char.replace(/[.+^$()|\\\]{}]/g, "\\$&");
  }
  return new RegExp(`^${source}$`);
}
function hasGlobSyntax(text) {
  return /[*?[{]/.test(text);
}
async function checkDenylist(command) {
  const { checkCommandLine } = await import("./shell-guard-5VB42PQI.js");
  await checkCommandLine(command);
}
async function checkProgram(argv) {
  const { checkArgv, checkCommandLine } = await import("./shell-guard-5VB42PQI.js");
  for (const script of checkArgv(argv, !1)) await checkCommandLine(script, 1);
}
function commandSegments(command) {
  return command
    .split(/&&|\|\||;|\|&?|\n|(?<![<>])&(?!>)/)
    .map((segment) => segment.trim())
    .filter((segment) => segment.length > 0);
}
function programOf(segment) {
  return segment.split(/\s+/).find((word) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(word)) ?? "";
}
function segmentAllowed(segment, allow) {
  const program = programOf(segment),
    normalSegment = segment.replace(/\s+/g, " ");
  return allow.some((pattern) =>
    /\s/.test(pattern) || hasGlobSyntax(pattern)
      ? globToRegExp(pattern.trim().replace(/\s+/g, " "), { crossSegments: !0 }).test(normalSegment)
      : program === pattern,
  );
}
function isAllowlisted(command, allow) {
  if (!allow) return !1;
  try {
    return checkAllowlist(command, allow), !0;
  } catch {
    return !1;
  }
}
function checkAllowlist(command, allow) {
  if (allow) {
    if (/\$\(|`|<\(|>\(/.test(command))
      throw new CommandRefused("command substitution is not allowed in allowlist mode (tools.exec.allow)");
    for (const segment of commandSegments(command))
      if (!segmentAllowed(segment, allow))
        throw new CommandRefused(
          `"${segment}" is not in the allowed commands (tools.exec.allow: ${allow.join(", ") || "none"})`,
        );
  }
}
import { createHash, randomUUID } from "node:crypto";
import { lstat, readdir } from "node:fs/promises";
import { join } from "node:path";
var MAX_ENTRIES = 2e4;
async function workspaceState(workspace) {
  let hash = createHash("sha256"),
    pending = [""],
    entries = 0;
  try {
    for (let directory = pending.pop(); directory !== void 0; directory = pending.pop()) {
      const names = (await readdir(join(workspace, directory))).sort();
      for (const name of names) {
        if (++entries > MAX_ENTRIES) return `unbound:${randomUUID()}`;
        const path4 = directory === "" ? name : `${directory}/${name}`,
          stat4 = await lstat(join(workspace, path4), { bigint: !0 });
        hash.update(`${path4}\0${stat4.mode}\0${stat4.size}\0${stat4.ino}\0${stat4.ctimeNs}\0${stat4.mtimeNs}
`),
          stat4.isDirectory() && pending.push(path4);
      }
    }
  } catch {
    return `unbound:${randomUUID()}`;
  }
  return hash.digest("hex");
}
var EXEC_DEFAULT_TIMEOUT_S = 30,
  EXEC_MAX_TIMEOUT_S = 300;
function timeoutMsOf(requested, fallbackSeconds, maxSeconds) {
  const seconds = Math.min(requested ?? fallbackSeconds, maxSeconds);
  return Math.max(1, Math.round(seconds * 1e3));
}
function commandToolError(error) {
  return error instanceof CommandRefused
    ? new ToolError("PermissionDenied", error.message)
    : error instanceof SandboxError
      ? error.kind === "unavailable"
        ? new ToolError("PermissionDenied", `exec_shell and spawn are refused: ${error.message}`)
        : new ToolError("ExecutionFailed", error.message)
      : error;
}
function execShellTool(options) {
  return {
    name: "exec_shell",
    description: `Run a shell command (sh -c) in the workspace. Returns {exit_code, stdout, stderr, duration_ms}; long output keeps its head and tail. Timeout ${EXEC_DEFAULT_TIMEOUT_S} s by default, at most ${EXEC_MAX_TIMEOUT_S} s.`,
    parameters: {
      type: "object",
      properties: {
        command: { type: "string", minLength: 1, description: "The command line" },
        timeout: {
          type: "number",
          exclusiveMinimum: 0,
          description: `Timeout in seconds (default ${EXEC_DEFAULT_TIMEOUT_S}, max ${EXEC_MAX_TIMEOUT_S})`,
        },
      },
      required: ["command"],
      additionalProperties: !1,
    },
    safety: "privileged",
    needsApproval: (args) => !isAllowlisted(args.command, options.allow),
    grantState: () => workspaceState(options.workspace),
    timeoutMs: (EXEC_MAX_TIMEOUT_S + 10) * 1e3,
    execute: (args, ctx) =>
      runCommandLine(args, ctx).catch((error) => {
        throw commandToolError(error);
      }),
  };
  async function runCommandLine(args, ctx) {
    await checkDenylist(args.command), ctx.approved || checkAllowlist(args.command, options.allow);
    const timeoutMs = timeoutMsOf(args.timeout, EXEC_DEFAULT_TIMEOUT_S, EXEC_MAX_TIMEOUT_S),
      outcome = await runSandboxed({
        file: "sh",
        args: ["-c", args.command],
        cwd: options.workspace,
        env: { ...options.env, ...ctx.turn?.commandEnv },
        sandbox: options.sandbox,
        timeoutMs,
        signal: ctx.signal,
        ...(options.readOnlyBinds ? { readOnlyBinds: options.readOnlyBinds() } : {}),
      }),
      result = {
        exit_code: outcome.exitCode,
        stdout: outcome.stdout,
        stderr: outcome.stderr,
        duration_ms: outcome.durationMs,
        ...(outcome.limitReached ? { limit_reached: outcome.limitReached } : {}),
      },
      limitNote = outcome.limitReached ? `; ${outcome.limitReached}` : "";
    if (outcome.startError !== void 0) throw new ToolError("ExecutionFailed", outcome.startError);
    if (outcome.timedOut)
      throw new ToolError(
        "Timeout",
        `the command did not finish within ${timeoutMs / 1e3} s and was killed${limitNote}`,
        result,
      );
    if (outcome.aborted) throw new ToolError("Timeout", `the command was cancelled and killed${limitNote}`, result);
    return result;
  }
}
import { lstat as lstat2, mkdir, readdir as readdir2, rm, stat } from "node:fs/promises";
import path from "node:path";
var MAX_READ_BYTES = 1048576,
  FILE_TOOL_TIMEOUT_MS = 3e4,
  pathParam = { type: "string", minLength: 1, description: "Path relative to the workspace" };
function readFileTool(workspace, readable) {
  return {
    name: "read_file",
    description:
      "Read a text file in the workspace (or, by its absolute path, in a skill's folder). Returns {content}.",
    parameters: { type: "object", properties: { path: pathParam }, required: ["path"], additionalProperties: !1 },
    safety: "read-only",
    timeoutMs: FILE_TOOL_TIMEOUT_MS,
    async execute(args) {
      const absolute = await resolveReadable(workspace, args.path, readable);
      if ((await stat(absolute)).isDirectory())
        throw new ToolError("InvalidArgs", `"${args.path}" is a directory; use list_directory`);
      const { bytes, size } = await readRegularFile(absolute, args.path, MAX_READ_BYTES);
      if (size <= MAX_READ_BYTES) return { content: bytes.toString("utf8") };
      const note = `
[... truncated: the file has ${size} bytes; showing the first ${bytes.length}]`;
      return { content: bytes.toString("utf8") + note };
    },
  };
}
function writeFileTool(workspace) {
  return {
    name: "write_file",
    description: "Write a file in the workspace, creating missing parent directories; an existing file is overwritten.",
    parameters: {
      type: "object",
      properties: { path: pathParam, content: { type: "string", description: "The complete new content" } },
      required: ["path", "content"],
      additionalProperties: !1,
    },
    safety: "side-effecting",
    timeoutMs: FILE_TOOL_TIMEOUT_MS,
    async execute(args) {
      const { absolute } = await resolveInWorkspace(workspace, args.path);
      if ((await stat(absolute).catch(() => {}))?.isDirectory())
        throw new ToolError("InvalidArgs", `"${args.path}" is a directory`);
      return (
        await mkdir(path.dirname(absolute), { recursive: !0 }),
        await writeRegularFile(absolute, args.path, args.content),
        { message: `Successfully wrote ${Buffer.byteLength(args.content)} bytes to ${args.path}` }
      );
    },
  };
}
function countOccurrences(text, needle) {
  return text.split(needle).length - 1;
}
function editFileTool(workspace) {
  return {
    name: "edit_file",
    description:
      "Replace one exact occurrence of old_text with new_text in a workspace file. old_text must occur exactly once: include enough surrounding context to make it unique.",
    parameters: {
      type: "object",
      properties: {
        path: pathParam,
        old_text: { type: "string", minLength: 1, description: "Exact text to replace (must occur once)" },
        new_text: { type: "string", description: "Replacement text" },
      },
      required: ["path", "old_text", "new_text"],
      additionalProperties: !1,
    },
    safety: "side-effecting",
    async execute(args) {
      const absolute = await resolveExisting(workspace, args.path),
        content = (await readRegularFile(absolute, args.path, Number.POSITIVE_INFINITY)).bytes.toString("utf8"),
        count = countOccurrences(content, args.old_text);
      if (count === 0) throw new ToolError("InvalidArgs", `old_text not found in ${args.path}`);
      if (count > 1)
        throw new ToolError(
          "InvalidArgs",
          `old_text occurs ${count} times in ${args.path}; include more surrounding context so it matches exactly once`,
          { match_count: count },
        );
      return (
        await writeRegularFile(
          absolute,
          args.path,
          content.replace(args.old_text, () => args.new_text),
        ),
        { message: `Successfully edited ${args.path}` }
      );
    },
  };
}
function listDirectoryTool(workspace, readable) {
  return {
    name: "list_directory",
    description:
      "List the immediate entries of a workspace directory, sorted by name: {entries: [{name, is_dir, size}]}.",
    parameters: {
      type: "object",
      properties: { path: { ...pathParam, description: 'Directory relative to the workspace (default ".")' } },
      additionalProperties: !1,
    },
    safety: "read-only",
    async execute(args) {
      const requested = args.path ?? ".",
        absolute = await resolveReadable(workspace, requested, readable);
      if (!(await stat(absolute)).isDirectory())
        throw new ToolError("InvalidArgs", `"${requested}" is not a directory`);
      const dirents = await readdir2(absolute, { withFileTypes: !0 }),
        entries = await Promise.all(
          dirents.map(async (dirent) => {
            const entryPath = path.join(absolute, dirent.name),
              target = dirent.isSymbolicLink()
                ? await resolveInWorkspace(workspace, entryPath).then(
                    (resolved) => resolved.absolute,
                    () => {},
                  )
                : entryPath,
              stats = target === void 0 ? void 0 : await stat(target).catch(() => {});
            return { name: dirent.name, is_dir: stats?.isDirectory() ?? !1, size: stats?.size ?? 0 };
          }),
        );
      return entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)), { entries };
    },
  };
}
function deleteFileTool(workspace) {
  return {
    name: "delete_file",
    description:
      "Delete a file (or a symlink itself) in the workspace. Directories need recursive: true. The workspace root cannot be deleted.",
    parameters: {
      type: "object",
      properties: {
        path: pathParam,
        recursive: { type: "boolean", description: "Delete a directory and everything in it (default false)" },
      },
      required: ["path"],
      additionalProperties: !1,
    },
    safety: "privileged",
    async execute(args) {
      const normal = path.normalize(args.path),
        name = path.basename(normal),
        parent = await resolveExisting(workspace, path.dirname(normal)),
        absolute = path.join(parent, name);
      if (name === "." || name === ".." || absolute === (await resolveExisting(workspace, ".")))
        throw new ToolError("InvalidPath", "the workspace root cannot be deleted");
      const stats = await lstat2(absolute).catch(() => {});
      if (!stats) throw new ToolError("FileNotFound", `"${args.path}" does not exist`);
      if (stats.isDirectory() && !args.recursive)
        throw new ToolError("InvalidArgs", `"${args.path}" is a directory; pass recursive: true to delete it`);
      return await rm(absolute, { recursive: stats.isDirectory() }), { message: `Successfully deleted ${args.path}` };
    },
  };
}
function fileTools(workspace, readable = () => []) {
  return [
    readFileTool(workspace, readable),
    writeFileTool(workspace),
    editFileTool(workspace),
    listDirectoryTool(workspace, readable),
    deleteFileTool(workspace),
  ];
}
function memoryTools(memory) {
  return [
    {
      name: "memory_read",
      description:
        "Read the long-term memory file (MEMORY.md). With a query, returns only the paragraphs containing it (case-insensitive).",
      parameters: {
        type: "object",
        properties: { query: { type: "string", description: "Text the returned paragraphs must contain" } },
        additionalProperties: !1,
      },
      safety: "read-only",
      async execute(args) {
        const content = await memory.read();
        if (content === void 0) return { content: "", message: "No memory file found" };
        if (!args.query) return { content };
        const needle = args.query.toLowerCase(),
          matches = content
            .split(/\n\s*\n/)
            .map((paragraph) => paragraph.trim())
            .filter((paragraph) => paragraph.length > 0 && paragraph.toLowerCase().includes(needle));
        return { query: args.query, matches, count: matches.length };
      },
    },
    {
      name: "memory_write",
      description:
        "Write to the long-term memory file (MEMORY.md): append (default, separated by a blank line) or overwrite.",
      parameters: {
        type: "object",
        properties: {
          content: { type: "string", minLength: 1, description: "What to remember" },
          mode: { type: "string", enum: ["append", "overwrite"], description: 'Write mode (default "append")' },
        },
        required: ["content"],
        additionalProperties: !1,
      },
      safety: "side-effecting",
      async execute(args) {
        const mode = args.mode ?? "append";
        return (
          mode === "overwrite" ? await memory.overwrite(args.content) : await memory.append(args.content),
          {
            message: `Successfully wrote ${Buffer.byteLength(args.content)} bytes to memory (mode: ${mode})`,
            path: memory.where,
          }
        );
      },
    },
  ];
}
import { stat as stat2 } from "node:fs/promises";
import path2 from "node:path";
function confinementRefusal(ctx, target) {
  const group = ctx.confinedTo;
  if (!(!group || (target.channel === group.channel && target.chatId === group.chatId)))
    return `this sender may reach only ${group.channel} chat ${group.chatId}: they are allowed here only as a member of this group (its chat id is in allow_from), not personally (by user id, username or pairing)`;
}
var DELIVERY_WAIT_MS = 3e4;
async function awaitDelivery(delivery, signal, waitMs) {
  let outcome = { type: "pending" },
    settled = delivery.then(
      (receipt) => {
        outcome = { type: "delivered", receipt };
      },
      (error) => {
        outcome = { type: "failed", error };
      },
    );
  return signal.aborted || (await settleWithin(rejectOnAbort(settled, signal), waitMs)), outcome;
}
var DeliveryProgress = class {
  #textParts = 0;
  #textPartsOf;
  #files = [];
  #allFiles;
  report = {
    onChunkDelivered: (index, count) => {
      (this.#textParts = index + 1), count !== void 0 && (this.#textPartsOf = count);
    },
    onFileDelivered: (name) => {
      this.#files.push(name);
    },
  };
  constructor(files) {
    this.#allFiles = files;
  }
  failure(target, error) {
    const reason = error instanceof Error ? error.message : String(error),
      textDone = this.#textPartsOf !== void 0 && this.#textParts >= this.#textPartsOf,
      filesLeft = this.#allFiles.filter((name) => !this.#files.includes(name)),
      delivered = [
        ...(textDone ? ["the text"] : this.#textParts > 0 ? [`the first ${this.#textParts} part(s) of the text`] : []),
        ...this.#files,
      ],
      notDelivered = [...(textDone ? [] : this.#textParts > 0 ? ["the rest of the text"] : ["the text"]), ...filesLeft];
    return new ToolError(
      "ExecutionFailed",
      `delivery to ${target.channel} chat ${target.chatId} failed: ${reason}. Delivered: ${delivered.length > 0 ? delivered.join(", ") : "nothing"}. Not delivered: ${notDelivered.join(", ")}.`,
      {
        delivered: { text_parts: this.#textParts, files: [...this.#files] },
        not_delivered: { text: !textDone, files: filesLeft },
      },
      { cause: error },
    );
  }
};
function messageTargetsOf(setting) {
  return typeof setting == "string" ? { mode: setting, extra: [] } : { mode: setting.mode, extra: setting.extra };
}
function messageTargetRule(options) {
  const { mode, extra } = messageTargetsOf(options.targets);
  if (mode === "any") return async () => {};
  const named = new Set(extra),
    pairings = options.pairings ?? new PairingFiles({ home: options.home }),
    allowFrom = (channel) =>
      Object.hasOwn(options.config.channels, channel) ? (options.config.channels[channel]?.allow_from ?? []) : [],
    hasConversation = options.hasConversation ?? (async () => !1),
    { agent } = options,
    routed = agent ? agent.routedHere : () => !0;
  return async (target, current) => {
    if (
      !(target.channel === current.channel && target.chatId === current.chatId) &&
      !named.has(`${target.channel}:${target.chatId}`) &&
      !(
        routed(target) &&
        (allowFrom(target.channel).includes(target.chatId) ||
          (await pairings.isApproved(target.channel, target.chatId).catch(() => !1)))
      ) &&
      !(await hasConversation(target).catch(() => !1))
    )
      return agent ? agentRefusal(target, agent.id, extra) : refusal(target, extra);
  };
}
function agentRefusal(target, agent, extra) {
  const wanted = `${target.channel}:${target.chatId}`,
    allowing = JSON.stringify({ mode: "known", extra: [...extra, wanted] });
  return `${target.channel} chat ${target.chatId} is not a chat of agent ${agent} (an agent reaches the chats routed to it that it knows, and the extra targets named). To allow it, the operator sets agents.list[].tools.message.targets of agent ${agent} to ${allowing} in the config.`;
}
function refusal(target, extra) {
  const wanted = `${target.channel}:${target.chatId}`,
    allowing = JSON.stringify({ mode: "known", extra: [...extra, wanted] });
  return `${target.channel} chat ${target.chatId} is not a chat the bot knows (tools.message.targets is "known": the current chat, chats with an allowed or paired sender, channels the bot was mentioned in, and the extra targets named). To allow it, the operator sets tools.message.targets to ${allowing} in the config.`;
}
async function targetRefusal(rule, target, ctx) {
  if (!(target.channel === ctx.channel && target.chatId === ctx.chatId))
    return rule(target, ctx.actsAs ?? { channel: ctx.channel, chatId: ctx.chatId });
}
var UPLOAD_LIMITS = { telegram: 50 * 1024 * 1024, slack: 1024 * 1024 * 1024, discord: 10 * 1024 * 1024 },
  MAX_FILES = 10,
  IMAGE_EXTENSIONS = new Set([".png", ".jpg", ".jpeg", ".gif", ".webp"]);
async function attachmentsOf(workspace, files, channel) {
  if (files.length > MAX_FILES) throw new ToolError("InvalidArgs", `at most ${MAX_FILES} files per message`);
  const limit = UPLOAD_LIMITS[channel],
    attachments = [];
  for (const requested of files) {
    const absolute = await resolveExisting(workspace, requested),
      info = await stat2(absolute);
    if (!info.isFile()) throw new ToolError("InvalidPath", `"${requested}" is not a regular file`);
    if (limit !== void 0 && info.size > limit)
      throw new ToolError(
        "ExecutionFailed",
        `"${requested}" is ${info.size} bytes; ${channel} takes files of at most ${limit} bytes (make it smaller, e.g. compress it or lower an image's resolution)`,
      );
    const name = path2.basename(absolute);
    attachments.push({
      path: absolute,
      name,
      size: info.size,
      isImage: IMAGE_EXTENSIONS.has(path2.extname(name).toLowerCase()),
    });
  }
  return attachments;
}
function messageTool(targetRule = async () => {}, options = {}) {
  return {
    name: "message",
    description:
      'Send a message to a chat on any running channel (e.g. "telegram", "slack", "discord"). Answers once it is delivered, or with an error saying what was and was not delivered.',
    parameters: {
      type: "object",
      properties: {
        channel: { type: "string", minLength: 1, description: "Target channel name" },
        chat_id: { type: "string", minLength: 1, description: "Target chat, channel or conversation id" },
        content: { type: "string", minLength: 1, description: "Message text (Markdown)" },
        thread_id: { type: "string", minLength: 1, description: "Thread to post in, where the platform has threads" },
        files: {
          type: "array",
          items: { type: "string", minLength: 1 },
          maxItems: MAX_FILES,
          description:
            "Workspace paths of files to attach (a chart you made, a report): images are sent as pictures, anything else as a document",
        },
      },
      required: ["channel", "chat_id", "content"],
      additionalProperties: !1,
    },
    safety: "side-effecting",
    async execute(args, ctx) {
      const running = ctx.outbound.channels();
      if (!running.includes(args.channel))
        throw new ToolError(
          "ExecutionFailed",
          `channel "${args.channel}" is not running; running channels: ${running.length ? running.join(", ") : "none"}`,
          { running_channels: running },
        );
      const target = { channel: args.channel, chatId: args.chat_id },
        refusal2 = confinementRefusal(ctx, target) ?? (await targetRefusal(targetRule, target, ctx));
      if (refusal2) throw new ToolError("PermissionDenied", refusal2);
      const files = args.files ?? [];
      if (files.length > 0 && !options.workspace)
        throw new ToolError("ExecutionFailed", "files cannot be sent here (no workspace)");
      const attachments = files.length > 0 ? await attachmentsOf(options.workspace ?? "", files, args.channel) : [],
        progress = new DeliveryProgress(attachments.map((file) => file.name)),
        delivery = ctx.outbound.send(
          {
            channel: args.channel,
            chatId: args.chat_id,
            text: args.content,
            ...(args.thread_id ? { threadId: args.thread_id } : {}),
            ...(attachments.length > 0 ? { attachments } : {}),
          },
          progress.report,
        ),
        outcome = await awaitDelivery(delivery, ctx.signal, options.deliveryWaitMs ?? DELIVERY_WAIT_MS);
      if (outcome.type === "failed")
        throw (
          (ctx.log.warn(
            { err: outcome.error, channel: args.channel, chatId: args.chat_id },
            "message tool delivery failed",
          ),
          progress.failure({ channel: args.channel, chatId: args.chat_id }, outcome.error))
        );
      return (
        outcome.type === "pending" &&
          delivery.catch((error) => {
            ctx.log.warn({ err: error, channel: args.channel, chatId: args.chat_id }, "message tool delivery failed");
            const failure = progress.failure({ channel: args.channel, chatId: args.chat_id }, error);
            ctx.reportBack(toolResult({ error: failure.message, ...failure.data }, { isError: !0 }));
          }),
        {
          status: outcome.type === "delivered" ? "sent" : "queued",
          channel: args.channel,
          chat_id: args.chat_id,
          content_length: args.content.length,
          ...(attachments.length > 0 ? { files: attachments.map((file) => file.name) } : {}),
        }
      );
    },
  };
}
function scheduleTool(scheduler, targetRule) {
  return {
    name: "schedule",
    description:
      "Schedule a reminder (its text is sent to the chat as it is) or a task (at run time you get its text as an instruction and your answer is sent; answer exactly NOTHING_TO_REPORT to send nothing). Give exactly one of at (ISO 8601 time; without an offset it is in tz), every (seconds, >= 60) or cron (5 fields). list and remove see the jobs created from this chat.",
    parameters: {
      type: "object",
      properties: {
        action: { type: "string", enum: ["add", "list", "remove"] },
        text: { type: "string", minLength: 1, description: "add: the reminder's text or the task's instruction" },
        at: { type: "string", description: "add: one time, ISO 8601 (e.g. 2030-01-31T09:00:00)" },
        every: { type: "integer", minimum: 60, description: "add: interval in seconds" },
        cron: { type: "string", description: 'add: 5-field cron expression (e.g. "0 9 * * 1-5")' },
        tz: { type: "string", description: "add: IANA time zone (default the bot's)" },
        kind: { type: "string", enum: ["reminder", "task"], description: "add: default reminder" },
        deliver_to: {
          type: "object",
          properties: { channel: { type: "string", minLength: 1 }, chat_id: { type: "string", minLength: 1 } },
          required: ["channel", "chat_id"],
          additionalProperties: !1,
          description: "add: where runs deliver (default this chat)",
        },
        name: { type: "string", minLength: 1, maxLength: 100 },
        model: {
          type: "string",
          minLength: 1,
          description: "add: the model a task runs with (one the /model command offers)",
        },
        id: { type: "string", minLength: 1, description: "remove: the job id" },
      },
      required: ["action"],
      additionalProperties: !1,
    },
    safety: "side-effecting",
    async execute(args, ctx) {
      const here = ctx.actsAs ?? { channel: ctx.channel, chatId: ctx.chatId },
        turnChat = { channel: ctx.channel, chatId: ctx.chatId };
      if (args.action === "list") return { jobs: (await scheduler.list(here)).map(listing) };
      if (args.action === "remove") {
        if (!args.id) throw new ToolError("InvalidArgs", "remove needs the job id");
        if (!(await scheduler.remove(args.id, here)))
          throw new ToolError("NotFound", `no job ${args.id} was created from this chat (see action list)`);
        return { status: "removed", id: args.id };
      }
      if (!args.text) throw new ToolError("InvalidArgs", "add needs text");
      const target = args.deliver_to ? { channel: args.deliver_to.channel, chatId: args.deliver_to.chat_id } : turnChat,
        confined = confinementRefusal(ctx, target);
      if (confined) throw new ToolError("PermissionDenied", confined);
      if (args.deliver_to) {
        const running = ctx.outbound.channels();
        if (!running.includes(target.channel))
          throw new ToolError(
            "InvalidArgs",
            `channel "${target.channel}" is not running; running: ${running.join(", ")}`,
          );
        const refusal2 = await targetRefusal(targetRule, target, ctx);
        if (refusal2) throw new ToolError("PermissionDenied", refusal2);
      }
      const sameChat = target.channel === turnChat.channel && target.chatId === turnChat.chatId,
        result = await scheduler.add({
          text: args.text,
          kind: args.kind ?? "reminder",
          ...pick(args, ["at", "every", "cron", "tz", "name", "model"]),
          target: sameChat && ctx.threadId ? { ...target, threadId: ctx.threadId } : target,
          createdIn: here,
          createdBy: ctx.senderId,
          isDirect: sameChat && ctx.chatId === ctx.senderId,
          ...(ctx.confinedTo ? { confined: !0 } : {}),
        });
      if (result.type === "refused") throw new ToolError("InvalidArgs", result.reason);
      return { status: "scheduled", ...listing(result.job) };
    },
  };
}
function listing(job) {
  return {
    id: job.id,
    ...(job.name ? { name: job.name } : {}),
    kind: job.kind,
    schedule: describeSchedule(job.schedule, job.tz),
    next_run: job.nextRun === void 0 ? null : new Date(job.nextRun).toISOString(),
    target: { channel: job.target.channel, chat_id: job.target.chatId },
  };
}
function pick(source, keys) {
  const picked = {};
  for (const key of keys) source[key] !== void 0 && (picked[key] = source[key]);
  return picked;
}
import { readdir as readdir3, stat as stat3 } from "node:fs/promises";
import path3 from "node:path";
var MAX_SEARCH_MATCHES = 200,
  SKIPPED_DIRECTORIES = new Set(["node_modules", ".git"]),
  MAX_FILE_BYTES = 4 * 1024 * 1024,
  MAX_LINE_CHARS = 400;
function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
function hasNestedQuantifier(pattern) {
  let groups = [],
    inClass = !1;
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern[index];
    if (char === "\\") index++;
    else if (inClass) inClass = char !== "]";
    else if (char === "[") inClass = !0;
    else if (char === "(") groups.push(!1);
    else if (char === ")") {
      const repeatsInside = groups.pop() ?? !1,
        next = pattern[index + 1],
        repeated = next === "+" || next === "*" || (next === "{" && /^\{\d*,\d*\}/.test(pattern.slice(index + 1)));
      if (repeatsInside && repeated) return !0;
      repeatsInside && groups.length > 0 && (groups[groups.length - 1] = !0);
    } else
      (char === "+" || char === "*" || (char === "{" && /^\{\d+,\}/.test(pattern.slice(index)))) &&
        groups.length > 0 &&
        (groups[groups.length - 1] = !0);
  }
  return !1;
}
function compilePattern(args) {
  const flags = args.ignore_case ? "i" : "";
  if (!args.literal) {
    let regex;
    try {
      regex = new RegExp(args.pattern, flags);
    } catch {}
    if (regex && hasNestedQuantifier(args.pattern))
      throw new ToolError(
        "InvalidArgs",
        "the pattern repeats a group that itself repeats (like (a+)+), which can take exponential time; simplify it or pass literal: true",
      );
    if (regex) return regex;
  }
  return new RegExp(escapeRegExp(args.pattern), flags);
}
var MAX_GLOB_WILDCARDS = 10;
async function* walkFiles(directory) {
  const entries = await readdir3(directory, { withFileTypes: !0 }).catch(() => []);
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const entryPath = path3.join(directory, entry.name);
    entry.isDirectory()
      ? SKIPPED_DIRECTORIES.has(entry.name) || (yield* walkFiles(entryPath))
      : entry.isFile() && (yield entryPath);
  }
}
async function readSearchableText(file) {
  const stats = await stat3(file).catch(() => {});
  if (!stats || stats.size > MAX_FILE_BYTES) return;
  const buffer = await readRegularFile(file, file, MAX_FILE_BYTES).then(
    ({ bytes }) => bytes,
    () => {},
  );
  if (!(!buffer || buffer.subarray(0, 8192).includes(0))) return buffer.toString("utf8");
}
function searchFilesTool(workspace) {
  return {
    name: "search_files",
    description: `Search workspace files recursively for lines matching a regular expression (or literal text). Skips node_modules, .git, binary files and symlinks. Returns {matches: [{file, line, text}], count}; at most ${MAX_SEARCH_MATCHES} matches.`,
    parameters: {
      type: "object",
      properties: {
        pattern: {
          type: "string",
          minLength: 1,
          description: "Regular expression (JavaScript syntax) or literal text",
        },
        path: {
          type: "string",
          minLength: 1,
          description: 'Directory or file to search, relative to the workspace (default ".")',
        },
        glob: {
          type: "string",
          minLength: 1,
          description: 'Only files matching this glob, e.g. "*.ts" or "src/**/*.md"',
        },
        literal: { type: "boolean", description: "Treat pattern as literal text (default: regex when valid)" },
        ignore_case: { type: "boolean", description: "Case-insensitive matching (default false)" },
      },
      required: ["pattern"],
      additionalProperties: !1,
    },
    safety: "read-only",
    timeoutMs: 6e4,
    async execute(args, ctx) {
      const requested = args.path ?? ".",
        start = await resolveExisting(workspace, requested),
        root = await resolveExisting(workspace, "."),
        regex = compilePattern(args);
      if ((args.glob?.match(/[*?]/g)?.length ?? 0) > MAX_GLOB_WILDCARDS)
        throw new ToolError("InvalidArgs", `the glob has more than ${MAX_GLOB_WILDCARDS} wildcards; simplify it`);
      let globRegex = args.glob ? globToRegExp(args.glob) : void 0,
        globOnPaths = args.glob?.includes("/") ?? !1,
        files = (await stat3(start)).isDirectory() ? walkFiles(start) : [start],
        matches = [],
        truncated = !1;
      search: for await (const file of files) {
        if (ctx.signal.aborted) throw new ToolError("Timeout", "the search was cancelled", { matches });
        const relative = path3.relative(root, file).split(path3.sep).join("/");
        if (globRegex && !globRegex.test(globOnPaths ? relative : path3.basename(file))) continue;
        const text = await readSearchableText(file);
        if (text === void 0) continue;
        const lines = text.split(/\r?\n/);
        for (const [index, line] of lines.entries()) {
          const probe = line.length > 10 * MAX_LINE_CHARS ? line.slice(0, 10 * MAX_LINE_CHARS) : line;
          if (!regex.test(probe)) continue;
          if (matches.length === MAX_SEARCH_MATCHES) {
            truncated = !0;
            break search;
          }
          const shown = line.length > MAX_LINE_CHARS ? `${line.slice(0, MAX_LINE_CHARS)}...` : line;
          matches.push({ file: relative, line: index + 1, text: shown });
        }
      }
      return truncated
        ? {
            matches,
            count: matches.length,
            truncated: !0,
            message: `Showing the first ${MAX_SEARCH_MATCHES} matches; narrow the pattern, path or glob to see the rest.`,
          }
        : { matches, count: matches.length };
    },
  };
}
var minSecretLength = 8,
  maxDecodings = 3;
function secretEgressGuard(secrets) {
  const usable = [...new Set(secrets)].filter((secret) => secret.length >= minSecretLength);
  if (usable.length === 0) return () => !1;
  const anyCase = usable.flatMap((secret) => [secret.toLowerCase(), Buffer.from(secret).toString("hex")]),
    exact = usable.flatMap(base64Forms);
  return (texts) =>
    texts.some((text) =>
      decodings(text).some((variant) => {
        const lower = variant.toLowerCase();
        return anyCase.some((needle) => lower.includes(needle)) || exact.some((needle) => variant.includes(needle));
      }),
    );
}
function decodings(text) {
  let variants = [text],
    current = text;
  for (let round = 0; round < maxDecodings; round++) {
    const next = percentDecoded(current);
    if (next === current) break;
    variants.push(next), (current = next);
  }
  return variants;
}
function percentDecoded(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return text.replace(/%([0-9a-f]{2})/gi, (_escape, hex) => String.fromCharCode(Number.parseInt(hex, 16)));
  }
}
function base64Forms(secret) {
  const bytes = Buffer.from(secret),
    forms = [];
  for (let skip = 0; skip < 3; skip++) {
    const length = Math.floor((bytes.length - skip) / 3) * 3;
    if (length < 6) continue;
    const encoded = bytes.subarray(skip, skip + length).toString("base64");
    forms.push(encoded, encoded.replaceAll("+", "-").replaceAll("/", "_"));
  }
  return forms;
}
function secretRefusal(tool) {
  return new ToolError(
    "PermissionDenied",
    `refused: this ${tool} request carries one of skein's own secrets (an API key or token, plain or encoded); secrets never leave through the web tools`,
  );
}
import { randomUUID as randomUUID2 } from "node:crypto";
var MAX_CONCURRENT_SPAWNS = 5,
  SPAWN_DEFAULT_TIMEOUT_S = 60,
  SPAWN_MAX_TIMEOUT_S = 300,
  SPAWN_MAX_BACKGROUND_TIMEOUT_S = 3600;
function resultOf(outcome, command, description) {
  return {
    exit_code: outcome.exitCode,
    stdout: outcome.stdout,
    stderr: outcome.stderr,
    ...(outcome.limitReached ? { limit_reached: outcome.limitReached } : {}),
    command,
    description,
  };
}
function spawnTool(options) {
  let running = 0,
    run = async (args, timeoutMs, signal, turnEnv) => {
      running++;
      try {
        return await runSandboxed({
          file: args.command,
          args: args.args ?? [],
          cwd: options.workspace,
          env: { ...options.env, ...turnEnv },
          sandbox: options.sandbox,
          timeoutMs,
          ...(signal ? { signal } : {}),
          ...(options.readOnlyBinds ? { readOnlyBinds: options.readOnlyBinds() } : {}),
        });
      } finally {
        running--;
      }
    },
    reportWhenDone = (run2, id, args, description, reportBack, log) => {
      run2.then(
        (outcome) => {
          const status = outcome.startError
              ? "failed"
              : outcome.timedOut
                ? "timed out"
                : outcome.aborted
                  ? "killed"
                  : "finished",
            report = { event: "background process ended", id, status, ...resultOf(outcome, args.command, description) };
          outcome.startError && Object.assign(report, { error: outcome.startError }),
            reportBack(toolResult(report, { isError: status !== "finished" || outcome.exitCode !== 0 }));
        },
        (error) => {
          log.error({ err: error, id }, "background spawn failed"),
            reportBack(
              toolResult(
                { event: "background process ended", id, status: "failed", error: String(commandToolError(error)) },
                { isError: !0 },
              ),
            );
        },
      );
    };
  return {
    name: "spawn",
    description: `Run a program with arguments (no shell) in the workspace. Returns {exit_code, stdout, stderr, command, description}. With background: true it returns at once ({status: "started", id}) and you are notified with the result when it ends. At most ${MAX_CONCURRENT_SPAWNS} run at once.`,
    parameters: {
      type: "object",
      properties: {
        command: { type: "string", minLength: 1, description: "Program to run (a name on PATH or a path)" },
        args: { type: "array", items: { type: "string" }, description: "Arguments, passed as they are" },
        description: { type: "string", description: "What the process is for" },
        timeout: {
          type: "number",
          exclusiveMinimum: 0,
          description: `Timeout in seconds (default ${SPAWN_DEFAULT_TIMEOUT_S}; max ${SPAWN_MAX_TIMEOUT_S}, or ${SPAWN_MAX_BACKGROUND_TIMEOUT_S} in the background)`,
        },
        background: { type: "boolean", description: "Return at once and report the result when the process ends" },
      },
      required: ["command"],
      additionalProperties: !1,
    },
    safety: "privileged",
    needsApproval: (args) => !isAllowlisted([args.command, ...(args.args ?? [])].join(" "), options.allow),
    grantState: () => workspaceState(options.workspace),
    timeoutMs: (SPAWN_MAX_TIMEOUT_S + 10) * 1e3,
    execute: (args, ctx) =>
      runProgram(args, ctx).catch((error) => {
        throw commandToolError(error);
      }),
  };
  async function runProgram(args, ctx) {
    const commandLine = [args.command, ...(args.args ?? [])].join(" ");
    if (
      (await checkProgram([args.command, ...(args.args ?? [])]),
      ctx.approved || checkAllowlist(commandLine, options.allow),
      running >= MAX_CONCURRENT_SPAWNS)
    )
      throw new ToolError(
        "ExecutionFailed",
        `spawn limit reached: at most ${MAX_CONCURRENT_SPAWNS} processes run at once; wait for one to finish`,
      );
    const description = args.description ?? "(no description)";
    if (args.background) {
      const timeoutMs2 = timeoutMsOf(args.timeout, SPAWN_DEFAULT_TIMEOUT_S, SPAWN_MAX_BACKGROUND_TIMEOUT_S),
        id = `spawn-${randomUUID2().slice(0, 8)}`;
      return (
        reportWhenDone(
          run(args, timeoutMs2, options.signal, ctx.turn?.commandEnv),
          id,
          args,
          description,
          ctx.reportBack,
          ctx.log,
        ),
        toolResult({ status: "started", id, command: args.command, description }, { async: !0 })
      );
    }
    const timeoutMs = timeoutMsOf(args.timeout, SPAWN_DEFAULT_TIMEOUT_S, SPAWN_MAX_TIMEOUT_S),
      outcome = await run(args, timeoutMs, ctx.signal, ctx.turn?.commandEnv),
      result = resultOf(outcome, args.command, description);
    if (outcome.startError !== void 0)
      throw new ToolError("ExecutionFailed", `could not run "${args.command}": ${outcome.startError}`);
    if (outcome.timedOut)
      throw new ToolError("Timeout", `the process did not finish within ${timeoutMs / 1e3} s and was killed`, result);
    if (outcome.aborted) throw new ToolError("Timeout", "the process was cancelled and killed", result);
    return result;
  }
}
import { lookup as dnsLookup } from "node:dns";
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
var ENTITIES = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " },
  SKIPPED_OPENING = /<(script|style|noscript|template|iframe)\b/gi,
  BLOCK_TAG = /<\/?(?:p|div|br|li|ul|ol|h[1-6]|tr|table|section|article|header|footer|pre|blockquote)\b[^<>]*>/gi,
  ANY_TAG = /<[^<>]*>/g;
function withoutSkippedBlocks(html) {
  let lower = html.toLowerCase(),
    kept = [],
    index = 0;
  SKIPPED_OPENING.lastIndex = 0;
  for (let match = SKIPPED_OPENING.exec(html); match; match = SKIPPED_OPENING.exec(html)) {
    kept.push(html.slice(index, match.index));
    const end = lower.indexOf(`</${match[1].toLowerCase()}`, SKIPPED_OPENING.lastIndex),
      endClose = end === -1 ? -1 : html.indexOf(">", end);
    (index = endClose === -1 ? html.length : endClose + 1), (SKIPPED_OPENING.lastIndex = index);
  }
  return kept.push(html.slice(index)), kept.join("");
}
function htmlToPlainText(html) {
  return withoutSkippedBlocks(html)
    .replace(
      BLOCK_TAG,
      `
`,
    )
    .replace(ANY_TAG, "")
    .replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (entity, name) => {
      if (name.startsWith("#")) {
        const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
        return code <= 1114111 ? String.fromCodePoint(code) : entity;
      }
      return ENTITIES[name.toLowerCase()] ?? entity;
    })
    .replace(/[ \t]+/g, " ")
    .replace(
      / ?\n\s*/g,
      `
`,
    )
    .trim();
}
var MARKDOWN_MAX_HTML_BYTES = 512 * 1024,
  MARKDOWN_TIME_BUDGET_MS = 3e3,
  WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const TurndownService = require(workerData.turndown);
const turndown = new TurndownService({ headingStyle: "atx", codeBlockStyle: "fenced" });
turndown.remove(["script", "style", "noscript", "template", "iframe"]);
parentPort.postMessage(turndown.turndown(workerData.html).trim());
`;
async function htmlToMarkdown(html, options = {}) {
  if (Buffer.byteLength(html) > MARKDOWN_MAX_HTML_BYTES)
    return { text: htmlToPlainText(html), converter: "plain-text" };
  let turndown = createRequire(import.meta.url).resolve("turndown"),
    worker = new Worker(WORKER_SOURCE, { eval: !0, workerData: { html, turndown } }),
    timer,
    onAbort = () => {
      worker.terminate();
    };
  options.signal?.addEventListener("abort", onAbort, { once: !0 });
  try {
    const markdown = await new Promise((resolve) => {
      (timer = setTimeout(() => resolve(void 0), options.timeBudgetMs ?? MARKDOWN_TIME_BUDGET_MS)),
        timer.unref(),
        worker.once("message", (text) => resolve(text)),
        worker.once("error", () => resolve(void 0)),
        worker.once("exit", () => resolve(void 0));
    });
    return markdown === void 0
      ? { text: htmlToPlainText(html), converter: "plain-text" }
      : { text: markdown, converter: "markdown" };
  } finally {
    clearTimeout(timer), options.signal?.removeEventListener("abort", onAbort), worker.terminate();
  }
}
var MAX_BODY_BYTES = 1048576,
  MAX_REDIRECTS = 5,
  REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]),
  TEXTUAL_TYPE = /^text\/|json|xml|javascript|ecmascript|yaml|csv|markdown|x-www-form-urlencoded/i,
  CREDENTIAL_HEADERS = new Set(["authorization", "cookie", "proxy-authorization"]);
function parseHttpUrl(text, what) {
  let url;
  try {
    url = new URL(text);
  } catch {
    throw new ToolError("InvalidArgs", `${what} is not a valid URL: ${text}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new ToolError("InvalidArgs", `${what} must use http or https, not ${url.protocol.replace(/:$/, "")}`);
  return url;
}
function headerValue(value) {
  return (Array.isArray(value) ? value[0] : value) ?? "";
}
function findBlocked(error) {
  for (let current = error; current instanceof Error; current = current.cause)
    if (current instanceof BlockedAddressError) return current;
}
function decode(bytes, contentType) {
  const charset = /charset=["']?([\w-]+)/i.exec(contentType)?.[1] ?? "utf-8";
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return new TextDecoder().decode(bytes);
  }
}
function webFetchTool(options) {
  let agent,
    policy = options.addressPolicy ?? blockedAddressReason,
    dispatcher = async () => {
      const { Agent } = await import("undici"),
        lookup = options.lookup ?? dnsLookup;
      return (
        (agent ??= new Agent({
          connect: { lookup: options.allowPrivate ? lookup : guardedLookup(lookup, policy) },
          headersTimeout: 3e4,
          bodyTimeout: 3e4,
        })),
        agent
      );
    };
  return {
    name: "web_fetch",
    description: `Fetch a URL (http/https). Returns {status, content_type, body, url, bytes}; HTML is converted to Markdown; bodies are cut at ${MAX_BODY_BYTES} bytes.${options.allowPrivate ? "" : " Private and local addresses are refused."}`,
    parameters: {
      type: "object",
      properties: {
        url: { type: "string", minLength: 1, description: "The http:// or https:// URL" },
        method: {
          type: "string",
          enum: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"],
          description: 'HTTP method (default "GET")',
        },
        headers: { type: "object", additionalProperties: { type: "string" }, description: "Request headers" },
        body: { type: "string", description: "Request body (for POST, PUT, PATCH)" },
      },
      required: ["url"],
      additionalProperties: !1,
    },
    safety: "side-effecting",
    needsApproval: (args) => !["GET", "HEAD"].includes((args.method ?? "GET").toUpperCase()),
    timeoutMs: 6e4,
    async execute(args, ctx) {
      let { request } = await import("undici"),
        url = parseHttpUrl(args.url, "url"),
        outgoing = [args.url, url.href, ...Object.entries(args.headers ?? {}).flat(), args.body ?? ""];
      if (options.leaksSecret?.(outgoing)) throw secretRefusal("web_fetch");
      let method = args.method ?? "GET",
        body = args.body,
        headers = { "user-agent": "skein-web-fetch/0.1", ...args.headers };
      try {
        for (let redirects = 0; ; redirects++) {
          options.allowPrivate || checkLiteralHost(url.hostname, policy);
          const response = await request(url, {
              dispatcher: await dispatcher(),
              method,
              headers,
              ...(body === void 0 ? {} : { body }),
              signal: ctx.signal,
            }),
            location = headerValue(response.headers.location);
          if (REDIRECT_STATUSES.has(response.statusCode) && location) {
            if ((await response.body.dump(), redirects === MAX_REDIRECTS))
              throw new ToolError(
                "ExecutionFailed",
                `too many redirects (more than ${MAX_REDIRECTS}); last location: ${location}`,
              );
            const next = parseHttpUrl(new URL(location, url).href, "redirect location");
            (response.statusCode === 303 || (response.statusCode <= 302 && method === "POST")) &&
              ((method = "GET"), (body = void 0)),
              next.origin !== url.origin &&
                (headers = Object.fromEntries(
                  Object.entries(headers).filter(([name]) => !CREDENTIAL_HEADERS.has(name.toLowerCase())),
                )),
              (url = next);
            continue;
          }
          let chunks = [],
            received = 0,
            truncated = !1;
          for await (const chunk of response.body) {
            const room = MAX_BODY_BYTES - received;
            if (((received += chunk.length), chunk.length > room)) {
              chunks.push(chunk.subarray(0, room)), (truncated = !0);
              break;
            }
            chunks.push(chunk);
          }
          let contentType = headerValue(response.headers["content-type"]),
            bytes = Buffer.concat(chunks),
            text;
          contentType && !TEXTUAL_TYPE.test(contentType)
            ? (text = `[binary content (${contentType}) not shown]`)
            : ((text = decode(bytes, contentType)),
              /html/i.test(contentType) && (text = (await htmlToMarkdown(text, { signal: ctx.signal })).text)),
            truncated &&
              (text += `

[... truncated: the body exceeded ${MAX_BODY_BYTES} bytes]`);
          const finalUrl = redirects > 0 ? { final_url: url.href } : {};
          return {
            status: response.statusCode,
            content_type: contentType,
            body: text,
            url: args.url,
            bytes: received,
            ...finalUrl,
          };
        }
      } catch (error) {
        if (error instanceof ToolError) throw error;
        const blocked = findBlocked(error);
        if (blocked) throw new ToolError("PermissionDenied", blocked.message);
        if (ctx.signal.aborted) throw new ToolError("Timeout", `fetching ${url.href} was cancelled`);
        const code = error.code,
          reason = error instanceof Error ? error.message : String(error);
        throw new ToolError("ExecutionFailed", `fetching ${url.href} failed: ${reason}${code ? ` (${code})` : ""}`);
      }
    },
  };
}
var BRAVE_ENDPOINT = "https://api.search.brave.com/res/v1/web/search",
  MAX_SEARCH_RESULTS = 20,
  stripTags = (html) => (typeof html == "string" ? html.replace(/<[^>]*>/g, "") : "");
async function getJson(fetch, url, headers, signal) {
  const response = await fetch(url, { headers: { accept: "application/json", ...headers }, signal });
  if (!response.ok) {
    const detail = (await response.text().catch(() => "")).slice(0, 200);
    throw new ToolError(
      "ExecutionFailed",
      `the search provider answered ${response.status}${detail ? `: ${detail}` : ""}`,
    );
  }
  return await response.json();
}
function toResults(items, snippetKey) {
  return Array.isArray(items)
    ? items.map((item) => ({
        title: stripTags(item.title),
        url: typeof item.url == "string" ? item.url : "",
        snippet: stripTags(item[snippetKey]),
      }))
    : [];
}
function backendOf(options) {
  const provider = options.provider ?? (options.endpoint ? "searxng" : options.api_key ? "brave" : void 0);
  if (provider === "brave" && options.api_key) {
    const apiKey = options.api_key;
    return async (query, count, signal) => {
      const url = new URL(options.endpoint ?? BRAVE_ENDPOINT);
      url.searchParams.set("q", query), url.searchParams.set("count", String(count));
      const json = await getJson(options.fetch, url, { "x-subscription-token": apiKey }, signal);
      return toResults(json.web?.results, "description");
    };
  }
  if (provider === "searxng" && options.endpoint) {
    const endpoint = options.endpoint;
    return async (query, _count, signal) => {
      const url = new URL(endpoint);
      url.searchParams.set("q", query), url.searchParams.set("format", "json");
      const json = await getJson(options.fetch, url, {}, signal);
      return toResults(json.results, "content");
    };
  }
}
function webSearchTool(options) {
  const backend = backendOf(options);
  return {
    name: "web_search",
    description: "Search the web. Returns {query, results: [{title, url, snippet}]}.",
    parameters: {
      type: "object",
      properties: {
        query: { type: "string", minLength: 1, description: "Search query" },
        num_results: {
          type: "integer",
          minimum: 1,
          maximum: MAX_SEARCH_RESULTS,
          description: `How many results (default 5, max ${MAX_SEARCH_RESULTS})`,
        },
      },
      required: ["query"],
      additionalProperties: !1,
    },
    safety: "read-only",
    timeoutMs: 3e4,
    async execute(args, ctx) {
      if (options.leaksSecret?.([args.query])) throw secretRefusal("web_search");
      if (!backend)
        return {
          error: "web search not configured",
          message:
            "No search API endpoint is configured. Set 'tools.web_search.endpoint' in your config (a SearXNG /search URL, or SEARXNG_URL), or 'tools.web_search.api_key' for Brave Search (BRAVE_API_KEY).",
          query: args.query,
        };
      const count = args.num_results ?? 5;
      try {
        const results = await backend(args.query, count, ctx.signal);
        return { query: args.query, results: results.slice(0, count) };
      } catch (error) {
        throw error instanceof ToolError
          ? error
          : ctx.signal.aborted
            ? new ToolError("Timeout", "the search was cancelled")
            : new ToolError(
                "ExecutionFailed",
                `the search failed: ${error instanceof Error ? error.message : String(error)}`,
              );
      }
    },
  };
}
function commandSandbox(deps) {
  const { exec } = deps.config.tools;
  if (deps.listOnly) return resolveSandbox({ mode: "none", workspace: deps.workspace });
  const decision =
    deps.sandbox ??
    resolveSandbox({
      mode: exec.sandbox,
      workspace: deps.workspace,
      network: exec.network,
      limits: { processes: exec.max_processes, memoryMb: exec.max_memory_mb },
      ...(deps.signal ? { signal: deps.signal } : {}),
    });
  return (
    decision.then((sandbox) => {
      if (sandbox.type === "unavailable")
        deps.log.error(`exec_shell and spawn are refused: ${sandbox.reason}; ${sandbox.remedy}`);
      else {
        const { ok, text } = describeSandbox(sandbox);
        ok ? deps.log.info({ network: exec.network }, text) : deps.log.warn(text);
      }
    }),
    decision
  );
}
function registerBuiltinTools(registry, deps) {
  const { workspace, config } = deps,
    commandOptions = {
      workspace,
      env: commandEnvironment(deps.env ?? process.env, config.tools.exec.env),
      sandbox: commandSandbox(deps),
      ...(config.tools.exec.allow ? { allow: config.tools.exec.allow } : {}),
      ...(deps.readOnlyBinds ? { readOnlyBinds: deps.readOnlyBinds } : {}),
    },
    targetRule = messageTargetRule({
      targets: config.tools.message.targets,
      config,
      home: deps.home,
      ...(deps.pairings ? { pairings: deps.pairings } : {}),
      ...(deps.hasConversation
        ? { hasConversation: ({ channel, chatId }) => deps.hasConversation(channel, chatId) }
        : {}),
      ...(deps.agent && { agent: deps.agent }),
    }),
    leaksSecret = secretEgressGuard(
      deps.secrets ?? [...configSecrets(config), ...environmentSecrets(deps.env ?? process.env)],
    ),
    tools = [
      ...fileTools(workspace, deps.readOnlyBinds),
      searchFilesTool(workspace),
      execShellTool(commandOptions),
      spawnTool({ ...commandOptions, ...(deps.signal ? { signal: deps.signal } : {}) }),
      webFetchTool({
        allowPrivate: config.tools.web_fetch.allow_private,
        leaksSecret,
        ...(deps.lookup ? { lookup: deps.lookup } : {}),
      }),
      webSearchTool({ ...config.tools.web_search, fetch: deps.fetch ?? globalThis.fetch, leaksSecret }),
      ...memoryTools(deps.memory ?? new MemoryFile(workspace)),
      ...memoryNoteTools(
        deps.notes ??
          noteFiles({
            workspace,
            home: deps.home,
            migrate: !deps.listOnly,
            onMigrated: (users) =>
              deps.log.info({ users }, "moved per-user notes out of the workspace into $SKEIN_HOME/notes"),
            onMigrationFailed: (error) =>
              deps.log.error({ err: error }, "could not move per-user notes out of the workspace"),
          }),
      ),
      messageTool(targetRule, { workspace }),
      ...(deps.scheduler ? [scheduleTool(deps.scheduler, targetRule)] : []),
    ];
  for (const tool of tools) registry.register(tool);
  return { sandbox: commandOptions.sandbox };
}
export { registerBuiltinTools };
//# sourceMappingURL=chunk-VSZPBWSQ.js.map
