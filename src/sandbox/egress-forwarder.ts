/**
 * The way out of a `public` sandbox: inside its network namespace, where only loopback
 * exists, a forwarder listens on 127.0.0.1:{@link EGRESS_PORT} and carries each connection
 * to the daemon's egress proxy, whose unix socket is bound at {@link EGRESS_SOCKET}. It is
 * Perl without modules (Debian's perl-base is always installed and starts in a few
 * milliseconds) and it is also the sandbox's launcher and its pid 1 (bubblewrap's
 * `--as-pid-1`), so a call costs one program start less: it checks it is in the call's
 * pids cgroup, sets the call's limits, binds, runs the command as its child, then accepts
 * connections and reaps every process until the command exits, and exits with the command's
 * status (128 + the signal's number when a signal ended it). The pid namespace, and every
 * process in it, ends with it; it also ends at once when the daemon's watchdog pipe ends (the
 * daemon is gone). Its arguments: {@link ForwarderLaunch}, then the command.
 */

/** The port the forwarder listens on inside the sandbox (the sandbox's own loopback). */
export const EGRESS_PORT = 3128;
/** Where the egress proxy's unix socket appears inside the sandbox. */
export const EGRESS_SOCKET = "/run/skein/egress.sock";
/** The proxy URL commands are given in HTTP_PROXY, HTTPS_PROXY and ALL_PROXY (and their lowercase forms). */
export const EGRESS_PROXY_URL = `http://127.0.0.1:${EGRESS_PORT}`;

/** What the forwarder does before it runs the command (its first six arguments, in this order). */
export interface ForwarderLaunch {
  /** The call's pids cgroup's name, or "" without one: the forwarder refuses to run outside it. */
  cgroup: string;
  /** RLIMIT_NPROC, set in the call's user namespace. */
  processes: number;
  /** RLIMIT_DATA in bytes. */
  dataBytes: number;
  /** This machine's `setrlimit` system call number, or 0 when not known (the command then sets the limits itself). */
  setrlimit: number;
  /** `pidfd_open`'s number, or 0: without it the accept loop runs in a process of its own. */
  pidfdOpen: number;
  /** The descriptor of the daemon's watchdog pipe: its end (the daemon is gone) ends the sandbox. */
  watchdogFd?: number | undefined;
}

/** The system call numbers the forwarder uses, per Node `process.arch` where they are known (Linux x86-64 and arm64). */
export const SYSCALLS: Readonly<Record<string, { setrlimit: number; pidfdOpen: number }>> = {
  x64: { setrlimit: 160, pidfdOpen: 434 },
  arm64: { setrlimit: 164, pidfdOpen: 434 },
};

/** The forwarder's arguments before the command's. */
export function forwarderArguments(launch: ForwarderLaunch): string[] {
  const { cgroup, processes, dataBytes, setrlimit, pidfdOpen, watchdogFd } = launch;
  const watchdog = watchdogFd === undefined ? "" : String(watchdogFd);
  return [cgroup, String(processes), String(dataBytes), String(setrlimit), String(pidfdOpen), watchdog];
}

// Linux constants: AF_UNIX 1, AF_INET 2, SOCK_STREAM 1, SOL_SOCKET 1, SO_REUSEADDR 2, RLIMIT_DATA 2,
// RLIMIT_NPROC 6, WNOHANG 1. Perl opens every descriptor past 2 close-on-exec: the command inherits no socket.
export const FORWARDER_PERL = `
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
bind($l, pack("S n C4 x8", 2, ${EGRESS_PORT}, 127, 0, 0, 1)) or refuse("forwarder: $!");
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
