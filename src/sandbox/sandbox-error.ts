/**
 * Why the sandbox did not start a program: `unavailable`, no sandbox can run here (the message
 * says why and how to fix it); `setup-failed`, this call's confinement could not be made (its
 * cgroup), so nothing of the program was started.
 */
export type SandboxErrorKind = "unavailable" | "setup-failed";

/** The sandbox refused to start a program; nothing of it ran. */
export class SandboxError extends Error {
  override readonly name = "SandboxError";
  constructor(
    readonly kind: SandboxErrorKind,
    message: string,
  ) {
    super(message);
  }
}
