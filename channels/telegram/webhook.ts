import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { type Bot, webhookCallback } from "grammy";
import type { Logger } from "pino";
import { withRetry } from "../../src/util/retry.js";
import { classifyTelegramError } from "./errors.js";
import type { TelegramSettings } from "./settings.js";

export interface WebhookServerOptions {
  bot: Bot;
  settings: TelegramSettings;
  log: Logger;
  allowedUpdates: string[];
  /** Interface to listen on (default all: Telegram, or a reverse proxy, must reach it). */
  host?: string;
}

export interface WebhookServer {
  /** The port actually listened on (useful with `webhook_port: 0`). */
  port: number;
  close(): Promise<void>;
}

/**
 * Receives updates by webhook instead of long polling: a node:http server on
 * `webhook_port` answers POSTs to the path of `webhook_url` whose
 * `X-Telegram-Bot-Api-Secret-Token` matches, and Telegram is told the URL and secret.
 * Without a configured `webhook_secret`, a random one is used for this run.
 */
export async function startWebhookServer(options: WebhookServerOptions): Promise<WebhookServer> {
  const { bot, settings, log } = options;
  const url = new URL(settings.webhook_url!);
  const secret = settings.webhook_secret ?? randomBytes(24).toString("hex");
  const handleUpdate = webhookCallback(bot, "http", { secretToken: secret, onTimeout: "return" });
  const server = createServer((request, response) => {
    if (request.method !== "POST" || request.url?.split("?")[0] !== url.pathname) {
      response.writeHead(404).end();
      return;
    }
    handleUpdate(request, response).catch((error: unknown) => {
      log.error({ err: error }, "telegram: handling a webhook update failed");
      if (!response.headersSent) response.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(settings.webhook_port, options.host ?? "0.0.0.0", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  try {
    await withRetry(
      () => bot.api.setWebhook(url.href, { secret_token: secret, allowed_updates: options.allowedUpdates as never }),
      { classify: classifyTelegramError, attempts: 3, log, label: "telegram setWebhook" },
    );
  } catch (error) {
    await close();
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  log.info({ port, path: url.pathname }, `telegram: receiving updates by webhook at ${url.origin}${url.pathname}`);
  return { port, close };
}
