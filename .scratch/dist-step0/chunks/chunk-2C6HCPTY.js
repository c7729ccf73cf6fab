#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { existsSync } from "node:fs";
var EGRESS_SOCKET = "/run/skein/egress.sock",
  EGRESS_PROXY_URL = "http://127.0.0.1:3128",
  SYSCALLS = { x64: { setrlimit: 160, pidfdOpen: 434 }, arm64: { setrlimit: 164, pidfdOpen: 434 } };
function forwarderArguments(launch) {
  const { cgroup, processes, dataBytes, setrlimit, pidfdOpen, watchdogFd } = launch,
    watchdog = watchdogFd === void 0 ? "" : String(watchdogFd);
  return [cgroup, String(processes), String(dataBytes), String(setrlimit), String(pidfdOpen), watchdog];
}
var FORWARDER_PERL = `
my ($cgroup, $nproc, $data, $setrlimit, $pidfd_open, $watchdog) = splice(@ARGV, 0, 6);
sub refuse { print STDERR "skein-sandbox: exec: $_[0]\\n"; exit 127; }
# The daemon's watchdog pipe, kept from the command (F_SETFD, FD_CLOEXEC): readable means the daemon is gone.
my $daemon;
if ($watchdog ne "") {
  open($daemon, "<&=", $watchdog) or refuse("the command was not started: no watchdog pipe: $!");
  fcntl($daemon, 2, 1);
}
sub watching { my ($rin) = @_; vec($$rin, fileno($daemon), 1) = 1 if $daemon; }
sub daemon_gone { $daemon && vec($_[0], fileno($daemon), 1) }
if ($cgroup ne "") {
  open(my $f, "<", "/proc/self/cgroup") or refuse("the command was not started: /proc/self/cgroup: $!");
  my $in = 0;
  while (<$f>) { chomp; $in = 1 if substr($_, -length($cgroup) - 1) eq "/$cgroup"; }
  $in or refuse("the command was not started: it could not join its pids cgroup (tools.exec.max_processes)");
}
if ($setrlimit) {
  syscall($setrlimit + 0, 6, pack("QQ", $nproc, $nproc));
  syscall($setrlimit + 0, 2, pack("QQ", $data, $data));
}
socket(my $l, 2, 1, 0) or refuse("forwarder: $!");
setsockopt($l, 1, 2, pack("i", 1));
bind($l, pack("S n C4 x8", 2, 3128, 127, 0, 0, 1)) or refuse("forwarder: $!");
listen($l, 128) or refuse("forwarder: $!");
my $command = fork();
defined $command or refuse("$ARGV[0]: $!");
if ($command == 0) {
  exec { $ARGV[0] } @ARGV;
  refuse("$ARGV[0]: $!");
}
close STDIN; close STDOUT; close STDERR;
my $exited = $pidfd_open ? syscall($pidfd_open + 0, $command, 0) : -1;
if ($exited < 0) {
  # No pidfd (Linux before 5.3): the accept loop runs in a child, and this process waits. The loop
  # ends every process but this one when the daemon is gone; this one then ends with the command.
  my $loop = fork();
  if (defined $loop && $loop == 0) {
    $SIG{CHLD} = "IGNORE";
    while (1) {
      my $rin = "";
      vec($rin, fileno($l), 1) = 1;
      watching(\\$rin);
      select(my $rout = $rin, undef, undef, undef) > 0 or next;
      if (daemon_gone($rout)) { kill 9, -1; exit 0; }
      serve();
    }
  }
  while ((my $pid = wait()) != -1) { finish() if $pid == $command; }
  exit 127;
}
# One process: it wakes when a connection comes or the command has exited (its pidfd turns readable),
# and reaps every child then; SIGCHLD interrupts the wait, so orphans are reaped as they end.
$SIG{CHLD} = sub {};
while (1) {
  my $rin = "";
  vec($rin, fileno($l), 1) = 1;
  vec($rin, $exited, 1) = 1;
  watching(\\$rin);
  my $ready = select(my $rout = $rin, undef, undef, undef);
  # The daemon is gone: pid 1 ends, and the kernel ends every other process of the pid namespace.
  exit 137 if $ready > 0 && daemon_gone($rout);
  while ((my $pid = waitpid(-1, 1)) > 0) { finish() if $pid == $command; }
  serve() if $ready > 0 && vec($rout, fileno($l), 1);
}
sub finish { exit(($? & 127) ? 128 + ($? & 127) : $? >> 8); }
sub serve {
  accept(my $c, $l) or return;
  my $child = fork();
  if (defined $child && $child == 0) {
    close $l;
    socket(my $u, 1, 1, 0) or exit 0;
    connect($u, pack("S Z*", 1, "${EGRESS_SOCKET}")) or exit 0;
    pump($c, $u);
    exit 0;
  }
  close $c;
}
sub pump {
  my @ends = @_;
  my @open = (1, 1);
  while ($open[0] || $open[1]) {
    my $rin = "";
    for my $i (0, 1) { vec($rin, fileno($ends[$i]), 1) = 1 if $open[$i]; }
    select(my $rout = $rin, undef, undef, undef) > 0 or return;
    for my $i (0, 1) {
      next unless $open[$i] && vec($rout, fileno($ends[$i]), 1);
      my $n = sysread($ends[$i], my $buffer, 65536);
      if (!$n) { $open[$i] = 0; shutdown($ends[1 - $i], 1); next; }
      my $at = 0;
      while ($at < $n) {
        my $w = syswrite($ends[1 - $i], $buffer, $n - $at, $at);
        return unless defined $w;
        $at += $w;
      }
    }
  }
}
`;
var SYSTEM_DIRS = ["/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc", "/opt"],
  LAUNCHER_NAME = "skein-sandbox",
  NOT_IN_CGROUP = "the command was not started: it could not join its pids cgroup (tools.exec.max_processes)";
function launcher(limits, cgroup, watchdog) {
  const inCgroup =
      cgroup === void 0
        ? []
        : [
            `while read -r line; do case $line in */${cgroup}) joined=1;; esac; done </proc/self/cgroup`,
            `[ -n "$joined" ] || { echo "$0: exec: ${NOT_IN_CGROUP}" >&2; exit 127; }`,
          ],
    watch = watchdog ? [`{ read -r _; kill -9 -1; } <&${WATCHDOG_FD} >/dev/null 2>&1 &`, `exec ${WATCHDOG_FD}<&-`] : [];
  return [
    ...inCgroup,
    ...watch,
    `{ ulimit -u ${limits.processes} || ulimit -p ${limits.processes}; } 2>/dev/null`,
    `ulimit -d ${limits.memoryMb * 1024} 2>/dev/null`,
    'exec "$@"',
  ].join(`
`);
}
function firstProgram(call, forward) {
  const watchdog = call.watchdog === !0;
  if (!forward) return ["sh", "-c", launcher(call.limits, call.cgroup, watchdog), LAUNCHER_NAME];
  const { setrlimit, pidfdOpen } = call.syscalls ?? SYSCALLS[process.arch] ?? { setrlimit: 0, pidfdOpen: 0 },
    launch = {
      cgroup: call.cgroup ?? "",
      processes: call.limits.processes,
      dataBytes: call.limits.memoryMb * 1024 * 1024,
      setrlimit,
      pidfdOpen,
      watchdogFd: watchdog ? WATCHDOG_FD : void 0,
    },
    limits = setrlimit === 0 ? ["sh", "-c", launcher(call.limits, void 0, !1), LAUNCHER_NAME] : [];
  return ["perl", "-e", FORWARDER_PERL, "--", ...forwarderArguments(launch), ...limits];
}
var WATCHDOG_FD = 5,
  HELD_SANDBOX_FDS = { info: 3, release: 4 };
function bwrapArguments(call, file, args) {
  const system = SYSTEM_DIRS.filter((dir) => existsSync(dir)).flatMap((dir) => ["--ro-bind", dir, dir]),
    extra = (call.readOnlyBinds ?? []).filter((path) => existsSync(path)).flatMap((path) => ["--ro-bind", path, path]),
    forward = call.network === "public" && call.egressSocket !== void 0;
  return [
    "--unshare-user",
    "--unshare-pid",
    "--unshare-ipc",
    "--unshare-uts",
    "--unshare-cgroup-try",
    ...(call.network === "full" ? [] : ["--unshare-net"]),
    "--die-with-parent",
    "--new-session",
    ...(forward ? ["--as-pid-1"] : []),
    ...(call.cgroup === void 0
      ? []
      : ["--info-fd", String(HELD_SANDBOX_FDS.info), "--block-fd", String(HELD_SANDBOX_FDS.release)]),
    ...system,
    "--proc",
    "/proc",
    "--dev",
    "/dev",
    "--tmpfs",
    "/tmp",
    "--bind",
    call.workspace,
    call.workspace,
    ...extra,
    ...(forward ? ["--ro-bind", call.egressSocket, EGRESS_SOCKET] : []),
    "--chdir",
    call.workspace,
    "--",
    ...firstProgram(call, forward),
    file,
    ...args,
  ];
}
var LAUNCH_FAILED = new RegExp(`^${LAUNCHER_NAME}: (?:(?:line )?\\d+: )?exec: (.*)$`, "m");
import { closeSync, openSync, readFileSync, writeSync } from "node:fs";
var SAFE_ENV_KEYS = ["PATH", "HOME", "LANG", "LC_ALL", "TERM", "USER", "SHELL", "TMPDIR", "TZ"];
function commandEnvironment(daemonEnv, extra) {
  const env = {};
  for (const key of SAFE_ENV_KEYS) {
    const value = daemonEnv[key];
    value !== void 0 && (env[key] = value);
  }
  return (env.PATH ??= "/usr/local/bin:/usr/bin:/bin"), { ...env, ...extra };
}
function scrubInitialEnvironment() {
  if (process.platform !== "linux") return `not on Linux (${process.platform})`;
  try {
    const stat = readFileSync("/proc/self/stat", "utf8"),
      fields = stat.slice(stat.lastIndexOf(")") + 2).split(" "),
      start = Number(fields[47]);
    if (!Number.isSafeInteger(start) || start <= 0) return "the kernel does not report env_start";
    const block = readFileSync("/proc/self/environ");
    for (const [key, value] of Object.entries(process.env)) process.env[key] = value;
    const keep = new Set(SAFE_ENV_KEYS),
      memory = openSync("/proc/self/mem", "r+");
    try {
      let offset = 0;
      for (; offset < block.length; ) {
        const endOfEntry = block.indexOf(0, offset) === -1 ? block.length : block.indexOf(0, offset),
          equals = block.indexOf(61, offset);
        if (equals !== -1 && equals < endOfEntry && !keep.has(block.toString("utf8", offset, equals))) {
          const length = endOfEntry - equals - 1;
          length > 0 && writeSync(memory, Buffer.alloc(length), 0, length, start + equals + 1);
        }
        offset = endOfEntry + 1;
      }
    } finally {
      closeSync(memory);
    }
    return;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync as existsSync2, existsSync as existsSync3, mkdirSync, writeFileSync } from "node:fs";
import { readdir, readFile, readFile as readFile2, rmdir } from "node:fs/promises";
import { join, join as join2 } from "node:path";
var CGROUP_ROOT = "/sys/fs/cgroup",
  PREFIX = "skein-";
async function candidateParents() {
  const own = await readFile("/proc/self/cgroup", "utf8").catch(() => ""),
    candidates = [],
    pidsEnabled = async (directory) =>
      (await readFile(join(directory, "cgroup.subtree_control"), "utf8").catch(() => "")).split(/\s+/).includes("pids");
  for (const line of own.split(`
`)) {
    const [, controllers, path] = /^\d+:([^:]*):(.*)$/.exec(line) ?? [];
    if (
      path !== void 0 &&
      (controllers?.split(",").includes("pids") && candidates.push(withoutSlash(join(CGROUP_ROOT, "pids", path))),
      controllers === "" && existsSync2(join(CGROUP_ROOT, "cgroup.controllers")))
    )
      for (const directory of [withoutSlash(join(CGROUP_ROOT, path)), CGROUP_ROOT])
        !candidates.includes(directory) && (await pidsEnabled(directory)) && candidates.push(directory);
  }
  return candidates;
}
var withoutSlash = (path) => path.replace(/\/+$/, ""),
  pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms).unref());
async function removeLeftovers(parent) {
  const names = await readdir(parent).catch(() => []);
  await Promise.all(
    names
      .filter((name) => name.startsWith(PREFIX))
      .filter((name) => !existsSync2(`/proc/${name.split("-")[1]}`))
      .map((name) => rmdir(join(parent, name)).catch(() => {})),
  );
}
async function makeCgroup(parent, maxProcesses) {
  const name = `${PREFIX}${process.pid}-${randomBytes(6).toString("hex")}`,
    directory = join(parent, name);
  mkdirSync(directory);
  try {
    writeFileSync(join(directory, "pids.max"), String(maxProcesses));
  } catch (error) {
    throw (await rmdir(directory).catch(() => {}), error);
  }
  return {
    name,
    admit: async (pid) => writeFileSync(join(directory, "cgroup.procs"), String(pid)),
    async refusedStarts() {
      const events = await readFile(join(directory, "pids.events"), "utf8").catch(() => "");
      return Number(/^max (\d+)$/m.exec(events)?.[1] ?? 0);
    },
    async release() {
      for (let wait = 25; wait < 3e4; wait *= 2) {
        if (
          await rmdir(directory).then(
            () => !0,
            (error) => error.code === "ENOENT",
          )
        )
          return;
        await pause(wait);
      }
    },
  };
}
async function findCallCgroups() {
  for (const parent of await candidateParents()) {
    const probe = await makeCgroup(parent, 1).catch(() => {});
    if (probe)
      return (
        await probe.release(),
        removeLeftovers(parent),
        { parent, create: (maxProcesses) => makeCgroup(parent, maxProcesses) }
      );
  }
}
var PROCESS_LIMIT_REMEDY =
  'run skein as a user other than root (the Docker image and the systemd unit do), or give it a pids cgroup it may create cgroups in (systemd: Delegate=yes), or set tools.exec.sandbox to "none" to run commands unsandboxed and unlimited, knowingly';
async function isRealRoot() {
  const uid = process.getuid?.();
  if (uid === void 0) return !1;
  const map = await readFile2("/proc/self/uid_map", "utf8").catch(() => "0 0 4294967295");
  for (const line of map.trim().split(`
`)) {
    const [inside, outside, count] = line.trim().split(/\s+/).map(Number);
    if (!(inside === void 0 || outside === void 0 || count === void 0) && uid >= inside && uid < inside + count)
      return outside + (uid - inside) === 0;
  }
  return !1;
}
async function resolveProcessLimit() {
  const cgroups = await findCallCgroups();
  return cgroups
    ? { type: "cgroup", cgroups }
    : (await isRealRoot())
      ? {
          type: "unenforceable",
          reason:
            "tools.exec.max_processes cannot be enforced: skein runs as root, which RLIMIT_NPROC does not bind, and may create no pids cgroup here (a read-only or undelegated /sys/fs/cgroup), so one command could use every process the machine allows",
        }
      : { type: "rlimit" };
}
function describeProcessLimit(limit, processes) {
  return limit.type === "cgroup"
    ? `at most ${processes} processes (a pids cgroup per call under ${limit.cgroups.parent})`
    : limit.type === "rlimit"
      ? `at most ${processes} processes (RLIMIT_NPROC in the call's user namespace)`
      : "no process limit";
}
var SandboxError = class extends Error {
  constructor(kind, message) {
    super(message);
    this.kind = kind;
  }
  kind;
  name = "SandboxError";
};
var DEFAULT_LIMITS = { processes: 256, memoryMb: 2048 },
  NETWORK_TEXT = {
    none: "no network",
    public: "network to public addresses only, through skein's guarded proxy",
    full: `the host's network (tools.exec.network is "full"): loopback, the private network and cloud metadata included`,
  };
function describeSandbox(sandbox) {
  if (sandbox.type === "bwrap") {
    const { processes, memoryMb } = sandbox.limits;
    return {
      ok: sandbox.network !== "full",
      text: `commands run in bubblewrap (no daemon secrets, no $SKEIN_HOME, own /proc; ${NETWORK_TEXT[sandbox.network]}; ${describeProcessLimit(sandbox.processLimit, processes)}, ${memoryMb} MB per process)`,
    };
  }
  return {
    ok: !1,
    text: `commands run WITHOUT a sandbox (${sandbox.reason}): they can read every file the daemon's user can, $SKEIN_HOME included, and reach every network the machine can; install bubblewrap (Debian/Ubuntu: apt-get install bubblewrap) and remove tools.exec.sandbox to isolate them`,
  };
}
var SANDBOX_REMEDY =
    'install bubblewrap (Debian/Ubuntu: apt-get install bubblewrap; Fedora: dnf install bubblewrap) and allow unprivileged user namespaces, or set tools.exec.sandbox to "none" to run commands unsandboxed, knowingly',
  unsandboxed = (reason) => {
    let watchdog;
    return {
      type: "none",
      reason,
      async prepare(command) {
        watchdog ??= import("./group-watchdog-V3ONFBU7.js").then(({ groupWatchdog }) => groupWatchdog());
        const started = await watchdog;
        return started.ready(), { ...command, watchGroup: started.watch, release: async () => {} };
      },
    };
  };
function probeBwrap(bwrap, workspace, network) {
  return new Promise((resolve) => {
    const args = bwrapArguments(
      { workspace, network: network === "full" ? "full" : "none", limits: DEFAULT_LIMITS },
      "true",
      [],
    );
    execFile(bwrap, args, { timeout: 5e3 }, (error, _stdout, stderr) => {
      if (!error) return resolve(void 0);
      const code = error.code;
      resolve(
        code === "ENOENT"
          ? "bubblewrap (bwrap) is not installed"
          : `bwrap does not work here: ${String(stderr).trim() || error.message}`,
      );
    });
  });
}
var perlInSandbox = () =>
  SYSTEM_DIRS.some((dir) => existsSync3(join2(dir, "bin", "perl")) || existsSync3(join2(dir, "perl")));
async function resolveSandbox(options) {
  if (options.mode === "none") return unsandboxed('tools.exec.sandbox is "none"');
  const bwrap = options.bwrap ?? "bwrap",
    requested = options.network ?? "public",
    [problem, processLimit] =
      process.platform === "linux"
        ? await Promise.all([
            probeBwrap(bwrap, options.workspace, requested),
            (options.processLimit ?? resolveProcessLimit)(),
          ])
        : [`bubblewrap needs Linux, not ${process.platform}`, void 0];
  if (problem !== void 0 || !processLimit)
    return { type: "unavailable", reason: `no working bubblewrap here (${problem})`, remedy: SANDBOX_REMEDY };
  if (processLimit.type === "unenforceable")
    return { type: "unavailable", reason: processLimit.reason, remedy: PROCESS_LIMIT_REMEDY };
  let hasPerl = perlInSandbox(),
    usable = (wanted) => (wanted === "public" && !hasPerl ? "none" : wanted),
    network = usable(requested),
    limits = options.limits ?? DEFAULT_LIMITS,
    proxy,
    egress = () => (
      (proxy ??= import("./egress-proxy-TIJ6NOFB.js").then(async ({ startEgressProxy }) => {
        const started = await startEgressProxy({
          ...(options.egressPolicy ? { policy: options.egressPolicy } : {}),
          ...(options.egressLookup ? { lookup: options.egressLookup } : {}),
        });
        return (
          options.signal?.addEventListener(
            "abort",
            () => {
              started.close();
            },
            { once: !0 },
          ),
          started
        );
      })),
      proxy
    );
  return {
    type: "bwrap",
    bwrap,
    network,
    limits,
    processLimit,
    async prepare(command) {
      const callNetwork = command.network ? usable(command.network) : network,
        callLimits = command.limits ? { ...limits, ...command.limits } : limits,
        [cgroup, egressSocket] = await Promise.all([
          processLimit.type === "cgroup" ? callCgroup(processLimit.cgroups, callLimits.processes) : void 0,
          callNetwork === "public" ? egress().then((started) => started.socketPath) : void 0,
        ]),
        readOnlyBinds = [...(options.readOnlyBinds ?? []), ...(command.readOnlyBinds ?? [])],
        proxyEnv =
          egressSocket === void 0
            ? {}
            : Object.fromEntries(
                ["HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY"].flatMap((name) => [
                  [name, EGRESS_PROXY_URL],
                  [name.toLowerCase(), EGRESS_PROXY_URL],
                ]),
              ),
        args = bwrapArguments(
          {
            workspace: options.workspace,
            network: callNetwork,
            limits: callLimits,
            readOnlyBinds,
            ...(egressSocket ? { egressSocket } : {}),
            ...(cgroup ? { cgroup: cgroup.name } : {}),
            watchdog: !0,
          },
          command.file,
          command.args,
        );
      return {
        file: bwrap,
        args,
        watchdogFd: WATCHDOG_FD,
        ...(cgroup ? { gate: (report, release) => admitSandbox(cgroup, report, release) } : {}),
        env: { ...command.env, ...proxyEnv, HOME: "/tmp", TMPDIR: "/tmp" },
        ...(cgroup ? { refusedStarts: () => cgroup.refusedStarts() } : {}),
        release: async () => cgroup?.release(),
      };
    },
  };
}
async function callCgroup(cgroups, processes) {
  try {
    return await cgroups.create(processes + 2);
  } catch (error) {
    throw new SandboxError(
      "setup-failed",
      `the command was not started: its pids cgroup (tools.exec.max_processes) could not be created under ${cgroups.parent}: ${error.message}`,
    );
  }
}
async function admitSandbox(cgroup, report, release) {
  const pid = await new Promise((resolve) => {
    let text = "",
      onData = (chunk) => {
        text += String(chunk);
        const found = /"child-pid":\s*(\d+)/.exec(text)?.[1];
        found !== void 0 && (report.off("data", onData), resolve(Number(found)));
      };
    report.on("data", onData).once("close", () => resolve(void 0));
  });
  if (pid !== void 0) {
    try {
      await cgroup.admit(pid);
    } catch (error) {
      throw new Error(
        `the command was not started: it could not join its pids cgroup (tools.exec.max_processes): ${error.message}`,
      );
    }
    release();
  }
}
async function sandboxCheck(options) {
  const sandbox = await resolveSandbox(options);
  if (sandbox.type === "unavailable")
    return { outcome: "fail", detail: `exec_shell and spawn are refused: ${sandbox.reason}`, remedy: sandbox.remedy };
  const { ok, text } = describeSandbox(sandbox);
  return { outcome: ok ? "ok" : "warn", detail: text };
}
var CappedOutput = class {
  constructor(headBytes, tailBytes) {
    this.headBytes = headBytes;
    this.tailBytes = tailBytes;
  }
  headBytes;
  tailBytes;
  #head = [];
  #headSize = 0;
  #tail = [];
  #tailSize = 0;
  totalBytes = 0;
  push(chunk) {
    this.totalBytes += chunk.length;
    let rest = chunk;
    if (this.#headSize < this.headBytes) {
      const take = Math.min(this.headBytes - this.#headSize, rest.length);
      this.#head.push(rest.subarray(0, take)), (this.#headSize += take), (rest = rest.subarray(take));
    }
    if (rest.length !== 0)
      for (
        this.#tail.push(rest), this.#tailSize += rest.length;
        this.#tail.length > 1 && this.#tailSize - this.#tail[0].length >= this.tailBytes;
      )
        this.#tailSize -= this.#tail.shift().length;
  }
  get truncated() {
    return this.totalBytes > this.headBytes + this.tailBytes;
  }
  text() {
    const head = Buffer.concat(this.#head).toString("utf8"),
      tailBuffer = Buffer.concat(this.#tail),
      tail = tailBuffer.subarray(Math.max(0, tailBuffer.length - this.tailBytes)),
      omitted = this.totalBytes - this.#headSize - tail.length;
    return omitted <= 0
      ? head + tail.toString("utf8")
      : `${head}
[... ${omitted} bytes omitted (${this.totalBytes} in total) ...]
${tail.toString("utf8")}`;
  }
};
var OUTPUT_HEAD_BYTES = 16 * 1024,
  OUTPUT_TAIL_BYTES = 16 * 1024;
function killProcessGroup(pid) {
  if (pid !== void 0)
    try {
      process.kill(-pid, "SIGKILL");
    } catch {}
}
function stdioOf(options) {
  const stdio = ["ignore", "pipe", "pipe"];
  if ((options.gate && stdio.push("pipe", "pipe"), options.watchdogFd === void 0)) return stdio;
  for (; stdio.length < options.watchdogFd; ) stdio.push("ignore");
  return (stdio[options.watchdogFd] = "pipe"), stdio;
}
async function runProcess(options) {
  const { execa } = await import("execa"),
    started = performance.now(),
    stdout = new CappedOutput(OUTPUT_HEAD_BYTES, OUTPUT_TAIL_BYTES),
    stderr = new CappedOutput(OUTPUT_HEAD_BYTES, OUTPUT_TAIL_BYTES),
    child = execa(options.file, options.args, {
      cwd: options.cwd,
      env: options.env,
      extendEnv: !1,
      detached: !0,
      buffer: !1,
      stdio: stdioOf(options),
      reject: !1,
      shell: !1,
    }),
    unwatch = child.pid === void 0 ? void 0 : options.watchGroup?.(child.pid),
    watchdog = options.watchdogFd === void 0 ? void 0 : child.stdio[options.watchdogFd];
  child.once("exit", () => {
    killProcessGroup(child.pid), unwatch?.(), watchdog?.destroy();
  }),
    child.stdout?.on("data", (chunk) => stdout.push(chunk)),
    child.stderr?.on("data", (chunk) => stderr.push(chunk));
  let timedOut = !1,
    aborted = !1,
    streamCloser,
    kill = () => {
      killProcessGroup(child.pid),
        (streamCloser ??= setTimeout(() => {
          child.stdout?.destroy(), child.stderr?.destroy();
        }, 2e3)),
        streamCloser.unref();
    },
    timer = setTimeout(() => {
      (timedOut = !0), kill();
    }, options.timeoutMs),
    onAbort = () => {
      (aborted = !0), kill();
    };
  options.signal?.aborted && onAbort(), options.signal?.addEventListener("abort", onAbort, { once: !0 });
  let gateError,
    gate = options.gate;
  try {
    if (gate) {
      let [report, release] = [child.stdio[3], child.stdio[4]],
        released = !1;
      await gate(report, () => {
        (released = !0), release.end("1");
      }).catch((error) => {
        killProcessGroup(child.pid), (gateError = error.message);
      }),
        released || release.destroy(),
        report.resume();
    }
    const result = await child,
      startError =
        gateError ??
        (result.failed && child.pid === void 0
          ? result.cause instanceof Error
            ? result.cause.message
            : result.shortMessage
          : void 0);
    return {
      exitCode: typeof result.exitCode == "number" ? result.exitCode : -1,
      stdout: stdout.text(),
      stderr: stderr.text(),
      durationMs: Math.round(performance.now() - started),
      timedOut,
      aborted,
      ...(startError === void 0 ? {} : { startError }),
    };
  } finally {
    watchdog?.destroy(),
      clearTimeout(timer),
      clearTimeout(streamCloser),
      options.signal?.removeEventListener("abort", onAbort);
  }
}
async function runSandboxed(options) {
  const sandbox = await options.sandbox;
  if (sandbox.type === "unavailable") throw new SandboxError("unavailable", `${sandbox.reason}; ${sandbox.remedy}`);
  const command = await sandbox.prepare({
    file: options.file,
    args: options.args,
    env: options.env,
    ...(options.readOnlyBinds ? { readOnlyBinds: options.readOnlyBinds } : {}),
    ...(options.network ? { network: options.network } : {}),
    ...(options.limits ? { limits: options.limits } : {}),
  });
  try {
    const outcome = await runProcess({
        file: command.file,
        args: command.args,
        cwd: options.cwd,
        env: command.env,
        timeoutMs: options.timeoutMs,
        ...(command.gate ? { gate: command.gate } : {}),
        ...(command.watchdogFd === void 0 ? {} : { watchdogFd: command.watchdogFd }),
        ...(command.watchGroup ? { watchGroup: command.watchGroup } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      }),
      launchFailed = sandbox.type === "bwrap" && outcome.exitCode === 127 ? LAUNCH_FAILED.exec(outcome.stderr) : null;
    if (launchFailed) return { ...outcome, startError: launchFailed[1].trim() };
    const refused = (await command.refusedStarts?.()) ?? 0;
    if (refused === 0 || sandbox.type !== "bwrap") return outcome;
    const limitReached = `the command reached tools.exec.max_processes (${options.limits?.processes ?? sandbox.limits.processes} processes at once): ${refused} process starts were refused`;
    return { ...outcome, limitReached };
  } finally {
    command.release();
  }
}
export {
  commandEnvironment,
  DEFAULT_LIMITS,
  describeSandbox,
  LAUNCH_FAILED,
  resolveSandbox,
  runSandboxed,
  SAFE_ENV_KEYS,
  SANDBOX_REMEDY,
  SandboxError,
  SYSTEM_DIRS,
  sandboxCheck,
  scrubInitialEnvironment,
  WATCHDOG_FD,
};
//# sourceMappingURL=chunk-2C6HCPTY.js.map
