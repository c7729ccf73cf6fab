import htm from "htm";
import { h, type VNode } from "preact";

/** Preact's `h` bound to htm's tagged templates: the UI's JSX without a compiler step. */
export const html = htm.bind(h) as (strings: TemplateStringsArray, ...values: unknown[]) => VNode;
