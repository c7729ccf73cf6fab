import { useEffect, useRef, useState } from "preact/hooks";
import { logout, onLoginRequired } from "./api.js";
import { closeEvents, onLiveChange } from "./events.js";
import { useResource } from "./hooks.js";
import { html } from "./html.js";
import { ApprovalsPage } from "./pages/approvals.js";
import { ChatPage } from "./pages/chat.js";
import { ConfigPage } from "./pages/config.js";
import { ConversationsPage } from "./pages/conversations.js";
import { LogsPage } from "./pages/logs.js";
import { OverviewPage } from "./pages/overview.js";
import { PairingPage } from "./pages/pairing.js";
import { SchedulesPage } from "./pages/schedules.js";
import { UsagePage } from "./pages/usage.js";

const pages = [
  ["overview", "Overview"],
  ["conversations", "Conversations"],
  ["chat", "Chat"],
  ["approvals", "Approvals"],
  ["pairing", "Pairing"],
  ["schedules", "Schedules"],
  ["usage", "Usage"],
  ["logs", "Logs"],
  ["config", "Config"],
] as const;

/** `#/conversations/telegram%3A42` -> `{ page: "conversations", item: "telegram:42" }`. */
function route(hash: string): { page: string; item: string | undefined } {
  const [page = "overview", ...rest] = hash.replace(/^#\/?/, "").split("/");
  const item = rest.length ? decodeURIComponent(rest.join("/")) : undefined;
  return { page: pages.some(([name]) => name === page) ? page : "overview", item };
}

/** The dashboard: a left nav of pages, the page the URL's hash names, and the login page once a session ends. */
export function App() {
  const [hash, setHash] = useState(location.hash);
  const [loggedOut, setLoggedOut] = useState(false);
  const [live, setLive] = useState(false);
  const main = useRef<HTMLElement>(null);

  useEffect(() => {
    const follow = () => setHash(location.hash);
    addEventListener("hashchange", follow);
    const stopLogin = onLoginRequired(() => {
      closeEvents();
      setLoggedOut(true);
    });
    const stopLive = onLiveChange(setLive);
    return () => {
      removeEventListener("hashchange", follow);
      stopLogin();
      stopLive();
    };
  }, []);

  const { page, item } = route(hash);
  const title = pages.find(([name]) => name === page)?.[1] ?? "Overview";
  const firstPage = useRef(true);
  useEffect(() => {
    document.title = `${title} · skein`;
    // After a move to another page, a screen reader starts at the new page, not at the nav link.
    if (!firstPage.current) main.current?.focus({ preventScroll: true });
    firstPage.current = false;
  }, [title]);
  const waiting: Record<string, number | undefined> = {
    approvals: useResource<{ pending: unknown[] }>("/api/approvals", ["approvals"]).data?.pending.length,
    pairing: useResource<{ pending: unknown[] }>("/api/pairing", ["pairing"]).data?.pending.length,
  };

  if (loggedOut) return html`<${LoginRequired} />`;
  const skipToContent = (event: Event) => {
    event.preventDefault();
    main.current?.focus();
  };

  return html`<div class="layout">
    <a class="skip-link" href="#main" onClick=${skipToContent}>Skip to content</a>
    <header class="topbar">
      <span class="brand">skein</span>
      <span class="live ${live ? "on" : "off"}" role="status">${live ? "live" : "reconnecting…"}</span>
      <button type="button" class="secondary" onClick=${() => void logout()}>Log out</button>
    </header>
    <nav class="sidenav" aria-label="Pages">
      <ul>${pages.map(
        ([name, label]) =>
          html`<li><a href=${`#/${name}`} aria-current=${name === page ? "page" : undefined}>${label}${
            waiting[name]
              ? html` <span class="count" aria-label=${`${waiting[name]} waiting`}>${waiting[name]}</span>`
              : null
          }</a></li>`,
      )}</ul>
    </nav>
    <main id="main" ref=${main} tabindex="-1">${pageFor(page, item)}</main>
  </div>`;
}

function pageFor(page: string, item: string | undefined) {
  switch (page) {
    case "conversations":
      return html`<${ConversationsPage} selected=${item} />`;
    case "chat":
      return html`<${ChatPage} selected=${item} />`;
    case "approvals":
      return html`<${ApprovalsPage} />`;
    case "pairing":
      return html`<${PairingPage} />`;
    case "schedules":
      return html`<${SchedulesPage} />`;
    case "usage":
      return html`<${UsagePage} />`;
    case "logs":
      return html`<${LogsPage} />`;
    case "config":
      return html`<${ConfigPage} />`;
    default:
      return html`<${OverviewPage} />`;
  }
}

function LoginRequired() {
  return html`<main class="login-required" id="main">
    <h1>Login required</h1>
    <p>You are not logged in, or your session has ended: run <code>skein dashboard</code> on the host to log in.</p>
    <p class="muted">It prints a one-time link; open it in this browser.</p>
  </main>`;
}
