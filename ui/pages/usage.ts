import { Chart, type ChartSeries } from "../chart.js";
import { cost, count } from "../format.js";
import { useResource } from "../hooks.js";
import { html } from "../html.js";
import { Card, Empty, Loading, Page } from "../ui-kit.js";

interface Tokens {
  input_tokens: number;
  output_tokens: number;
  /** null: no price is configured for the model (`providers.<name>.prices`). */
  cost: number | null;
}

/** `GET /api/usage?days=30`. */
export interface UsageAnswer {
  days: (Tokens & { date: string; model: string; cached_tokens: number })[];
  by_chat: (Tokens & { chat: string })[];
  by_user: (Tokens & { user: string })[];
  budgets: { name: string; limit: number; used: number; unit: string }[];
}

const palette = ["#2563eb", "#16a34a", "#d97706", "#9333ea", "#dc2626", "#0891b2", "#4d7c0f", "#be185d"];

/** Tokens and cost per day by model (a chart), by chat and by user, and today's budgets. */
export function UsagePage() {
  const { data, error } = useResource<UsageAnswer>("/api/usage?days=30", ["usage"]);
  if (!data) return html`<${Page} title="Usage" error=${error}>${!error && html`<${Loading} />`}<//>`;
  const { times, series } = tokensByModel(data.days);
  const priced = data.days.filter((day) => day.cost !== null);
  const totalCost = priced.length ? priced.reduce((sum, day) => sum + day.cost!, 0) : null;
  const totalTokens = data.days.reduce((sum, day) => sum + day.input_tokens + day.output_tokens, 0);
  return html`<${Page} title="Usage" error=${error}>
    <div class="stats">
      <div class="stat"><span>Tokens, 30 days</span><strong>${count(totalTokens)}</strong></div>
      <div class="stat"><span>Cost, 30 days</span><strong>${cost(totalCost)}</strong></div>
    </div>
    ${
      times.length
        ? html`<${Chart} title="Tokens per day by model (input + output, stacked)" times=${times} series=${series} daily />`
        : html`<${Empty}>No usage recorded yet.<//>`
    }
    <${Card} title="Budgets today">
      ${
        data.budgets.length
          ? html`<ul class="plain-list budgets">${data.budgets.map(
              (budget) => html`<li>
              <label>${budget.name}: ${count(budget.used)} of ${count(budget.limit)} ${budget.unit}
                <meter min="0" max=${budget.limit} high=${budget.limit * 0.8} value=${budget.used}></meter></label>
            </li>`,
            )}</ul>`
          : html`<${Empty}>No budget configured.<//>`
      }
    <//>
    <${Card} title="By model and day">${table(
      ["Date", "Model"],
      [...data.days].reverse().map((day) => [[day.date, day.model], day]),
    )}<//>
    <div class="grid">
      <${Card} title="By chat">${table(
        ["Chat"],
        data.by_chat.map((row) => [[row.chat], row]),
      )}<//>
      <${Card} title="By user">${table(
        ["User"],
        data.by_user.map((row) => [[row.user], row]),
      )}<//>
    </div>
  <//>`;
}

function table(heads: string[], rows: [string[], Tokens][]) {
  if (!rows.length) return html`<${Empty}>Nothing yet.<//>`;
  return html`<table>
    <thead><tr>${heads.map((head) => html`<th scope="col">${head}</th>`)}<th scope="col" class="number">Input</th><th scope="col" class="number">Output</th><th scope="col" class="number">Cost</th></tr></thead>
    <tbody>${rows.map(
      ([cells, tokens]) => html`<tr>${cells.map((cell) => html`<td>${cell}</td>`)}
        <td class="number">${count(tokens.input_tokens)}</td><td class="number">${count(tokens.output_tokens)}</td><td class="number">${cost(tokens.cost)}</td></tr>`,
    )}</tbody>
  </table>`;
}

/**
 * Stacked bars of input + output tokens per day, one series per model: each series holds its model's tokens plus
 * those of the models below it, and the tallest is drawn first so that each model shows as its own band.
 */
export function tokensByModel(days: UsageAnswer["days"]): { times: number[]; series: ChartSeries[] } {
  const dates = [...new Set(days.map((day) => day.date))].sort();
  const models = [...new Set(days.map((day) => day.model))].sort();
  const below = dates.map(() => 0);
  const series = models.map((model, index) => ({
    label: model,
    color: palette[index % palette.length]!,
    bars: true,
    values: dates.map((date, at) => {
      const tokens = days
        .filter((day) => day.date === date && day.model === model)
        .reduce((sum, day) => sum + day.input_tokens + day.output_tokens, 0);
      below[at] = below[at]! + tokens;
      return below[at]!;
    }),
  }));
  return { times: dates.map((date) => Date.parse(`${date}T00:00:00Z`) / 1000), series: series.reverse() };
}
