import type { ParseError } from "jsonc-parser";

/**
 * config.json as people write it: JSON with comments (`//`, `/* *\/`) and trailing commas, the
 * way VS Code's settings are. Read with jsonc-parser, which reports where every error is;
 * changed with its edits, which keep the comments and the layout of everything else.
 */

/** What reading config.json's text found: its object, or the first syntax error and where it is. */
export type ConfigText =
  | { type: "object"; value: Record<string, unknown> }
  | { type: "syntax-error"; line: number; column: number; message: string }
  | { type: "not-an-object" };

/** What each parse error means, in words. */
const problems: Record<string, string> = {
  InvalidSymbol: "unexpected",
  InvalidNumberFormat: "not a number",
  PropertyNameExpected: "a property name in double quotes is expected, found",
  ValueExpected: "a value is expected, found",
  ColonExpected: "a colon is expected, found",
  CommaExpected: "a comma is expected, found",
  CloseBraceExpected: "a closing } is expected, found",
  CloseBracketExpected: "a closing ] is expected, found",
  EndOfFileExpected: "the end of the file is expected, found",
  InvalidCommentToken: "a comment is not closed:",
  UnexpectedEndOfComment: "a comment is not closed:",
  UnexpectedEndOfString: "a string is not closed:",
  UnexpectedEndOfNumber: "a number is cut short:",
  InvalidUnicode: "an invalid \\u escape:",
  InvalidEscapeCharacter: "an invalid escape:",
  InvalidCharacter: "a character not allowed in a string:",
};

/** Parses config.json's text; comments and trailing commas are allowed, an empty file is not. */
export async function parseConfigText(text: string): Promise<ConfigText> {
  const { parse, printParseErrorCode } = await import("jsonc-parser");
  const errors: ParseError[] = [];
  const value: unknown = parse(text, errors, { allowTrailingComma: true, allowEmptyContent: false });
  const [first] = errors;
  if (first) {
    const before = text.slice(0, first.offset);
    const line = before.split("\n").length;
    const column = first.offset - before.lastIndexOf("\n");
    const found = text.slice(first.offset, first.offset + Math.max(1, Math.min(first.length, 20)));
    const code = printParseErrorCode(first.error);
    const what = found === "" ? "the end of the file" : found.startsWith(`"`) ? found : `"${found}"`;
    return { type: "syntax-error", line, column, message: `${problems[code] ?? code} ${what}` };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return { type: "not-an-object" };
  return { type: "object", value: value as Record<string, unknown> };
}

/** A key of the config (`["channels", "telegram", "token"]`) and the value it gets. */
export type ConfigSetting = [path: string[], value: unknown];

/**
 * Sets each key in config.json's text, keeping its comments, its layout and every other key:
 * a section that is missing is added, one that is not an object is replaced by one.
 */
export async function setInConfigText(text: string, settings: ConfigSetting[]): Promise<string> {
  const { applyEdits, findNodeAtLocation, modify, parseTree } = await import("jsonc-parser");
  const formattingOptions = { insertSpaces: true, tabSize: 2, eol: "\n" };
  let result = text.trim() === "" ? "{}\n" : text;
  for (const [path, value] of settings) {
    for (let depth = 1; depth < path.length; depth++) {
      const section = findNodeAtLocation(parseTree(result, [], { allowTrailingComma: true })!, path.slice(0, depth));
      if (section && section.type !== "object") {
        result = applyEdits(result, modify(result, path.slice(0, depth), {}, { formattingOptions }));
      }
    }
    result = applyEdits(result, modify(result, path, value, { formattingOptions }));
  }
  return result;
}
