/** Types for `@ericcornelissen/bash-parser` (it ships none): just what the shell guard reads. */
declare module "@ericcornelissen/bash-parser" {
  /** Any node of the syntax tree: `Script`, `Command`, `Pipeline`, `Word`, `Redirect`, … */
  export interface ShellNode {
    type: string;
    text?: string;
    name?: ShellNode;
    prefix?: ShellNode[];
    suffix?: ShellNode[];
    commands?: ShellNode[];
    expansion?: Array<{ type: string; commandAST?: ShellNode }>;
    op?: ShellNode;
    file?: ShellNode;
    body?: ShellNode;
    [key: string]: unknown;
  }
  export default function parse(source: string, options?: { mode?: "posix" | "bash" }): ShellNode;
}
