/**
 * The one Server-Sent Events connection to `/api/events`, shared by every page. Pages subscribe to event names;
 * the connection opens with the first subscriber and the browser reconnects it by itself after a drop.
 */
import { getJson } from "./api.js";

/** The events the daemon sends: most say "refetch", `log` and `chat` carry their data. */
export type EventName =
  | "overview"
  | "conversation"
  | "approvals"
  | "pairing"
  | "schedules"
  | "usage"
  | "log"
  | "chat"
  | "browsers";

type Listener = (data: unknown) => void;

const listeners = new Map<EventName, Set<Listener>>();
const statusListeners = new Set<(live: boolean) => void>();
let source: EventSource | undefined;
let live = false;

function setLive(value: boolean): void {
  if (live === value) return;
  live = value;
  for (const listener of statusListeners) listener(value);
}

function open(): EventSource {
  const events = new EventSource("/api/events");
  events.onopen = () => setLive(true);
  events.onerror = () => {
    setLive(false);
    // EventSource hides the status: ask the API, whose 401 shows the login page.
    void getJson("/api/session").catch(() => undefined);
  };
  for (const name of listeners.keys()) attach(events, name);
  return events;
}

function attach(events: EventSource, name: EventName): void {
  events.addEventListener(name, (event) => {
    let data: unknown = null;
    try {
      data = JSON.parse((event as MessageEvent<string>).data);
    } catch {
      // A refetch event needs no payload.
    }
    for (const listener of listeners.get(name) ?? []) listener(data);
  });
}

/** Calls `listener` with each `name` event's JSON payload until the returned function is called. */
export function subscribe(name: EventName, listener: Listener): () => void {
  let set = listeners.get(name);
  if (!set) {
    set = new Set();
    listeners.set(name, set);
    if (source) attach(source, name);
  }
  set.add(listener);
  source ??= open();
  return () => set.delete(listener);
}

/** Calls `listener` when the live connection opens or drops. */
export function onLiveChange(listener: (live: boolean) => void): () => void {
  statusListeners.add(listener);
  listener(live);
  return () => statusListeners.delete(listener);
}

/** Closes the connection (after logout). */
export function closeEvents(): void {
  source?.close();
  source = undefined;
  setLive(false);
}
