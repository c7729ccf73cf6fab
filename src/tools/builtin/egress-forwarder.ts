/**
 * The way out of a `public` sandbox: inside its network namespace, where only loopback
 * exists, a forwarder listens on 127.0.0.1:{@link EGRESS_PORT} and carries each connection
 * to the daemon's egress proxy, whose unix socket is bound at {@link EGRESS_SOCKET}. It is
 * Perl without modules (Debian's perl-base is always installed and starts in a few
 * milliseconds): it binds, forks its accept loop, and executes the command in its own
 * process, so the port listens before the command starts and the command's exit status
 * is the call's. The loop ends with the sandbox's pid namespace.
 */

/** The port the forwarder listens on inside the sandbox (the sandbox's own loopback). */
export const EGRESS_PORT = 3128;
/** Where the egress proxy's unix socket appears inside the sandbox. */
export const EGRESS_SOCKET = "/run/skein/egress.sock";
/** The proxy URL commands are given in HTTP_PROXY, HTTPS_PROXY and ALL_PROXY (and their lowercase forms). */
export const EGRESS_PROXY_URL = `http://127.0.0.1:${EGRESS_PORT}`;

// Linux constants: AF_UNIX 1, AF_INET 2, SOCK_STREAM 1, SOL_SOCKET 1, SO_REUSEADDR 2.
export const FORWARDER_PERL = `
socket(my $l, 2, 1, 0) or die "skein-sandbox: forwarder: $!\\n";
setsockopt($l, 1, 2, pack("i", 1));
bind($l, pack("S n C4 x8", 2, ${EGRESS_PORT}, 127, 0, 0, 1)) or die "skein-sandbox: forwarder: $!\\n";
listen($l, 128) or die "skein-sandbox: forwarder: $!\\n";
my $pid = fork();
if (!defined $pid || $pid) {
  close $l;
  exec { $ARGV[0] } @ARGV;
  print STDERR "skein-sandbox: exec: $ARGV[0]: $!\\n";
  exit 127;
}
$SIG{CHLD} = "IGNORE";
close STDIN; close STDOUT; close STDERR;
while (1) {
  accept(my $c, $l) or next;
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
