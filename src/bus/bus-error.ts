/** Why the bus could not take an inbound message or route an outbound one. */
export type BusErrorKind = "channel-not-running" | "bus-closed" | "intake-closed";

/** Raised by the {@link MessageBus} when it cannot route a message; the sender sees it, nothing is dropped silently. */
export class BusError extends Error {
  override readonly name = "BusError";
  constructor(
    readonly kind: BusErrorKind,
    message: string,
  ) {
    super(message);
  }
}
