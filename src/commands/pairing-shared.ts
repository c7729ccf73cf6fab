import { PairingStore } from "../access/pairing-store.js";
import { loadConfig } from "../config/load.js";
import type { GlobalOptions } from "./command-support.js";

/** What the pairing commands are given: the global options and their arguments. */
export interface PairingCommandOptions extends GlobalOptions {
  args?: string[];
}

/** Where the pairing commands write, and the environment they read (injectable for tests). */
export interface CommandIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  now?: () => number;
}

export const processIo: CommandIo = {
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
};

/** The pairing store of the configured `$SKEIN_HOME`. */
export async function openPairingStore(options: PairingCommandOptions, io: CommandIo): Promise<PairingStore> {
  const { home } = await loadConfig({ configPath: options.config, env: io.env, cwd: io.cwd });
  return new PairingStore({ home, now: io.now });
}

/** "12345 (@alice, Alice Liddell)" */
export function describeSender(sender: { senderId: string; senderUsername?: string; senderName?: string }): string {
  const names = [sender.senderUsername && `@${sender.senderUsername}`, sender.senderName].filter(Boolean);
  return names.length ? `${sender.senderId} (${names.join(", ")})` : sender.senderId;
}
