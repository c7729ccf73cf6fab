import { useState } from "preact/hooks";
import { useResource } from "../hooks.js";
import { html } from "../html.js";
import { Card, Loading, Page } from "../ui-kit.js";

interface ConfigAnswer {
  entries: { key: string; value: unknown; source: "default" | "file" | ".env" | "env"; secret: boolean }[];
  warnings: string[];
}

/** The effective configuration (read-only), where each value came from, and the validation warnings. */
export function ConfigPage() {
  const { data, error } = useResource<ConfigAnswer>("/api/config", []);
  const [filter, setFilter] = useState("");
  const [hideDefaults, setHideDefaults] = useState(false);
  if (!data) return html`<${Page} title="Config" error=${error}>${!error && html`<${Loading} />`}<//>`;
  const shown = data.entries.filter(
    (entry) => entry.key.includes(filter.trim()) && (!hideDefaults || entry.source !== "default"),
  );
  return html`<${Page} title="Config" error=${error}>
    ${
      data.warnings.length > 0 &&
      html`<${Card} title="Warnings"><ul class="plain-list">${data.warnings.map((warning) => html`<li class="warning">${warning}</li>`)}</ul><//>`
    }
    <form class="filters" role="search" onSubmit=${(event: Event) => event.preventDefault()}>
      <label>Key <input type="search" value=${filter} placeholder="e.g. channels.telegram"
        onInput=${(event: Event) => setFilter((event.target as HTMLInputElement).value)} /></label>
      <label class="inline"><input type="checkbox" checked=${hideDefaults}
        onChange=${(event: Event) => setHideDefaults((event.target as HTMLInputElement).checked)} /> Hide defaults</label>
    </form>
    <table class="config">
      <thead><tr><th scope="col">Key</th><th scope="col">Value</th><th scope="col">Source</th></tr></thead>
      <tbody>${shown.map(
        (entry) => html`<tr>
          <td><code>${entry.key}</code></td>
          <td>${entry.secret ? html`<span class="secret" title="secret">••••</span>` : html`<code class="value">${show(entry.value)}</code>`}</td>
          <td><span class="source source-${entry.source.replace(".", "")}">${entry.source}</span></td>
        </tr>`,
      )}</tbody>
    </table>
  <//>`;
}

function show(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}
