/** The command guard refused a command line or program before anything of it ran; the message says why. */
export class CommandRefused extends Error {
  override readonly name = "CommandRefused";
  readonly kind = "refused";
}
