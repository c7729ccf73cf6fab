/**
 * Who may talk to the bot. `allow-list.ts`: the channels' `allow_from` lists; `pairing-code.ts`: the codes a
 * stranger gets; this file: the `PairingStore` contract (pending codes, approved senders) and its files under
 * `$SKEIN_HOME/pairing/` on one machine (Redis in `src/cluster/`); `pairing-reply-limit.ts`: one pairing reply per
 * sender and interval; `pairing-operations.ts`: approve, revoke and list, as `skein pairing` and the dashboard run
 * them. The access gate (`src/gates/`) applies them to each message.
 */

import { readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { writeFileAtomic } from "../util/atomic-write.js";
import { withFileLock } from "../util/file-lock.js";
import { generatePairingCode, normalizePairingCode } from "./pairing-code.js";

/** A stranger waiting for the operator to approve their code. */
export interface PendingPairing {
  code: string;
  senderId: string;
  senderName?: string;
  senderUsername?: string;
  chatId: string;
  /** Epoch milliseconds. */
  createdAt: number;
}

/** A sender the operator approved: they may talk to the bot from now on. */
export interface ApprovedSender {
  senderId: string;
  senderName?: string;
  senderUsername?: string;
  /** Epoch milliseconds. */
  approvedAt: number;
  /** The pairing code that was approved (so approving it again can say so). */
  code?: string;
}

/** One channel's pairing file, `$SKEIN_HOME/pairing/<channel>.json`. */
export interface ChannelPairings {
  pending: PendingPairing[];
  approved: ApprovedSender[];
}

export type PairingRequest =
  | { type: "code"; code: string; expiresAt: number; isNew: boolean }
  /** Too many codes are pending on this channel: no new one is handed out. */
  | { type: "too-many-pending" };

/**
 * Pending pairing codes and approved senders. A code is handed out to a stranger, approved
 * once by the operator (`skein pairing approve`), and from then on the sender is let in by
 * every process that reads the same store. {@link PairingFiles} keeps them under
 * `$SKEIN_HOME`; a cluster shares them in Redis.
 */
export interface PairingStore {
  /** Where the pairings are kept, for error messages (a folder, or Redis). */
  readonly location: string;
  /** What the operator does when the pairings cannot be read or written. */
  readonly remedy: string;
  /** Whether the operator approved this sender on this channel. */
  isApproved(channel: string, senderId: string): Promise<boolean>;
  /** The sender's code: their existing one if still valid, else a new one when fewer than the limit wait. */
  requestCode(channel: string, sender: PairingSender): Promise<PairingRequest>;
  /** Moves the sender holding `code` to the approved list; undefined when no valid code matches (a code approves once). */
  approve(channel: string, code: string): Promise<ApprovedSender | undefined>;
  /** Drops the pending `code` without approving it; false when no valid code matches. */
  deny(channel: string, code: string): Promise<boolean>;
  /** Removes an approved sender (by id, or by @username); returns who was removed, undefined when nobody matched. */
  revoke(channel: string, sender: string): Promise<ApprovedSender | undefined>;
  /** Every channel that has pairings, with its valid pending codes and approved senders. */
  list(): Promise<Map<string, ChannelPairings>>;
  /** The channel's pairings now, expired codes left out. */
  read(channel: string): Promise<ChannelPairings>;
}

export interface PairingStoreOptions {
  /** `$SKEIN_HOME`. */
  home: string;
  /** How long a code stays valid (default 1 hour). */
  ttlMs?: number;
  /** Pending codes allowed per channel at once (default 3). */
  maxPending?: number;
  now?: () => number;
}

/** Who asks for a code. */
export type PairingSender = Pick<PendingPairing, "senderId" | "senderName" | "senderUsername" | "chatId">;

/** What a channel name may look like (it names a file, or a Redis key). */
export const pairingChannelName = /^[a-z0-9_-]{1,64}$/i;

/** Throws unless `channel` is a plain channel name. */
export function checkPairingChannel(channel: string): void {
  if (!pairingChannelName.test(channel)) throw new Error(`"${channel}" is not a channel name`);
}

/** Whether an approved sender is the one `sender` names: their id, or `@username` in any case. */
export function isSenderNamed(entry: ApprovedSender, sender: string): boolean {
  const wanted = sender.replace(/^@/, "").toLowerCase();
  return entry.senderId === sender || (sender.startsWith("@") && entry.senderUsername?.toLowerCase() === wanted);
}

/**
 * The pairing store of one machine: one JSON file per channel under
 * `$SKEIN_HOME/pairing/`. Files are written atomically under a lock, and re-read
 * whenever they changed on disk, so `skein pairing approve` takes effect in the
 * running daemon at once.
 */
export class PairingFiles implements PairingStore {
  readonly directory: string;
  readonly ttlMs: number;
  readonly maxPending: number;
  readonly location: string;
  readonly remedy = "make $SKEIN_HOME/pairing readable and writable by the user skein runs as (or fix the file)";
  readonly #now: () => number;
  /** Last content read per channel, with the stamp (inode, mtime, size) it was read at. */
  readonly #cache = new Map<string, { stamp: string; pairings: ChannelPairings }>();

  constructor(options: PairingStoreOptions) {
    this.directory = join(options.home, "pairing");
    this.location = this.directory;
    this.ttlMs = options.ttlMs ?? 60 * 60 * 1000;
    this.maxPending = options.maxPending ?? 3;
    this.#now = options.now ?? Date.now;
  }

  async isApproved(channel: string, senderId: string): Promise<boolean> {
    const { approved } = await this.read(channel);
    return approved.some((sender) => sender.senderId === senderId);
  }

  requestCode(channel: string, sender: PairingSender): Promise<PairingRequest> {
    return this.#update(channel, (pairings) => {
      const existing = pairings.pending.find((pending) => pending.senderId === sender.senderId);
      if (existing)
        return { type: "code", code: existing.code, expiresAt: existing.createdAt + this.ttlMs, isNew: false };
      if (pairings.pending.length >= this.maxPending) return { type: "too-many-pending" };
      let code = generatePairingCode();
      while (pairings.pending.some((pending) => pending.code === code)) code = generatePairingCode();
      const createdAt = this.#now();
      pairings.pending.push({ ...withoutUndefined(sender), code, createdAt });
      return { type: "code", code, expiresAt: createdAt + this.ttlMs, isNew: true };
    });
  }

  approve(channel: string, code: string): Promise<ApprovedSender | undefined> {
    const wanted = normalizePairingCode(code);
    return this.#update(channel, (pairings) => {
      const pending = pairings.pending.find((entry) => entry.code === wanted);
      if (!pending) return undefined;
      pairings.pending = pairings.pending.filter((entry) => entry !== pending);
      const { createdAt: _createdAt, chatId: _chatId, ...sender } = pending;
      const approved: ApprovedSender = { ...sender, approvedAt: this.#now() };
      pairings.approved = [...pairings.approved.filter((entry) => entry.senderId !== sender.senderId), approved];
      return approved;
    });
  }

  deny(channel: string, code: string): Promise<boolean> {
    const wanted = normalizePairingCode(code);
    return this.#update(channel, (pairings) => {
      const before = pairings.pending.length;
      pairings.pending = pairings.pending.filter((entry) => entry.code !== wanted);
      return pairings.pending.length < before;
    });
  }

  revoke(channel: string, sender: string): Promise<ApprovedSender | undefined> {
    return this.#update(channel, (pairings) => {
      const revoked = pairings.approved.find((entry) => isSenderNamed(entry, sender));
      if (revoked) pairings.approved = pairings.approved.filter((entry) => entry !== revoked);
      return revoked;
    });
  }

  /** Every channel that has a pairing file, with its valid pending codes and approved senders. */
  async list(): Promise<Map<string, ChannelPairings>> {
    const files = await readdir(this.directory).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return [];
      throw error;
    });
    const channels = files.filter((file) => file.endsWith(".json")).map((file) => file.slice(0, -".json".length));
    const result = new Map<string, ChannelPairings>();
    for (const channel of channels.filter((name) => pairingChannelName.test(name)).sort())
      result.set(channel, await this.read(channel));
    return result;
  }

  /** The channel's pairings as on disk now, expired codes left out. */
  async read(channel: string): Promise<ChannelPairings> {
    const path = this.#path(channel);
    const found = await stat(path).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return undefined;
      throw error;
    });
    if (!found) return this.#withoutExpired({ pending: [], approved: [] });
    const stamp = `${found.ino}:${found.mtimeMs}:${found.size}`;
    let cached = this.#cache.get(channel);
    if (cached?.stamp !== stamp) {
      cached = { stamp, pairings: parsePairings(await readFile(path, "utf8"), path) };
      this.#cache.set(channel, cached);
    }
    return this.#withoutExpired(cached.pairings);
  }

  async #update<T>(channel: string, change: (pairings: ChannelPairings) => T): Promise<T> {
    const path = this.#path(channel);
    return withFileLock(path, async () => {
      const pairings = structuredClone(await this.read(channel));
      const result = change(pairings);
      await writeFileAtomic(path, `${JSON.stringify(pairings, null, 2)}\n`);
      this.#cache.delete(channel);
      return result;
    });
  }

  #withoutExpired(pairings: ChannelPairings): ChannelPairings {
    const now = this.#now();
    return {
      pending: pairings.pending.filter((pending) => pending.createdAt + this.ttlMs > now),
      approved: pairings.approved,
    };
  }

  #path(channel: string): string {
    checkPairingChannel(channel);
    return join(this.directory, `${channel}.json`);
  }
}

function parsePairings(text: string, path: string): ChannelPairings {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new Error(`${path} is not valid JSON (${(error as Error).message}); fix or remove it`, { cause: error });
  }
  const record = (data ?? {}) as Partial<ChannelPairings>;
  return {
    pending: Array.isArray(record.pending) ? record.pending : [],
    approved: Array.isArray(record.approved) ? record.approved : [],
  };
}

/** `value` without its undefined fields (they would read as `null` in JSON). */
export function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;
}
