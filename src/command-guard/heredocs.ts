/** One here-document cut out of a command line. */
export interface Heredoc {
  body: string;
  /** Unquoted delimiter: the shell expands `$(…)` and backticks in the body. */
  expands: boolean;
  /** Lines (0-based) of the body and its closing delimiter in the original text. */
  firstLine: number;
  lastLine: number;
}

const OPERATOR = /<<(-?)[ \t]*(?:'([^'\n]*)'|"([^"\n]*)"|\\?([A-Za-z0-9_.-]+))/g;

/**
 * Cuts here-documents out of a command line (the shell parser the guard uses does not
 * know them): each `<<WORD` becomes a plain `<` redirection from a placeholder file, and
 * its body lines become empty lines, so the rest keeps its line numbers.
 */
export function extractHeredocs(source: string): { script: string; heredocs: Heredoc[] } {
  const lines = source.split("\n");
  const heredocs: Heredoc[] = [];
  const out: string[] = [];
  for (let index = 0; index < lines.length; index++) {
    const pending: Array<{ delimiter: string; stripTabs: boolean; expands: boolean }> = [];
    out.push(
      lines[index]!.replace(OPERATOR, (_match, dash: string, single?: string, double?: string, bare?: string) => {
        pending.push({
          delimiter: single ?? double ?? bare ?? "",
          stripTabs: dash === "-",
          expands: bare !== undefined && !_match.includes("\\"),
        });
        return "<__heredoc__";
      }),
    );
    for (const { delimiter, stripTabs, expands } of pending) {
      const firstLine = index + 1;
      const body: string[] = [];
      while (++index < lines.length) {
        const line = stripTabs ? lines[index]!.replace(/^\t+/, "") : lines[index]!;
        if (line === delimiter) break;
        body.push(line);
      }
      for (let line = firstLine; line <= Math.min(index, lines.length - 1); line++) out.push("");
      heredocs.push({ body: body.join("\n"), expands, firstLine, lastLine: index });
    }
  }
  return { script: out.join("\n"), heredocs };
}
