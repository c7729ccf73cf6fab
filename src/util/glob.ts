/**
 * Turns a shell-style glob into a regular expression matching a whole string:
 * `**` spans directories, `*` and `?` stay within one path segment, `{a,b}` is
 * an alternative, `[...]` a character class. With `crossSegments`, `*` matches `/` too
 * (for globs over command lines rather than paths).
 */
export function globToRegExp(glob: string, options: { crossSegments?: boolean } = {}): RegExp {
  const any = options.crossSegments ? ".*" : "[^/]*";
  const one = options.crossSegments ? "." : "[^/]";
  let source = "";
  let braceDepth = 0;
  for (let index = 0; index < glob.length; index++) {
    const char = glob[index] as string;
    if (char === "*") {
      if (glob[index + 1] === "*") {
        index++;
        if (glob[index + 1] === "/") {
          index++;
          source += "(?:.*/)?";
        } else {
          source += ".*";
        }
      } else {
        source += any;
      }
    } else if (char === "?") {
      source += one;
    } else if (char === "{") {
      braceDepth++;
      source += "(?:";
    } else if (char === "}" && braceDepth > 0) {
      braceDepth--;
      source += ")";
    } else if (char === "," && braceDepth > 0) {
      source += "|";
    } else if (char === "[") {
      const end = glob.indexOf("]", index + 1);
      if (end === -1) {
        source += "\\[";
      } else {
        const body = glob
          .slice(index + 1, end)
          .replace(/^!/, "^")
          .replace(/\\/g, "\\\\");
        source += `[${body}]`;
        index = end;
      }
    } else {
      source += char.replace(/[.+^$()|\\\]{}]/g, "\\$&");
    }
  }
  return new RegExp(`^${source}$`);
}

/** Whether `text` contains glob syntax. */
export function hasGlobSyntax(text: string): boolean {
  return /[*?[{]/.test(text);
}
