import type { ComponentChildren } from "preact";
import { html } from "./html.js";

/** A page: its heading, an optional error line and its content. */
export function Page({
  title,
  error,
  children,
}: {
  title: string;
  error?: string | undefined;
  children?: ComponentChildren;
}) {
  return html`<section class="page" aria-labelledby="page-title">
    <h1 id="page-title">${title}</h1>
    ${error && html`<p class="error" role="alert">${error}</p>`}
    ${children}
  </section>`;
}

/** A titled box of content. */
export function Card({ title, children }: { title: string; children?: ComponentChildren }) {
  return html`<section class="card">
    <h2>${title}</h2>
    ${children}
  </section>`;
}

/** The line shown while the first answer is on its way. */
export function Loading() {
  return html`<p class="muted" aria-live="polite">Loading…</p>`;
}

/** What an empty list says. */
export function Empty({ children }: { children?: ComponentChildren }) {
  return html`<p class="muted empty">${children}</p>`;
}

/** A small coloured label for a state (`running`, `failed`, `pending`…). */
export function Badge({ state }: { state: string }) {
  const tone = /run|ok|connect|up|approved|once|conversation/i.test(state)
    ? "good"
    : /fail|error|down|deny|denied|stop|dead/i.test(state)
      ? "bad"
      : "warn";
  return html`<span class="badge ${tone}">${state}</span>`;
}
