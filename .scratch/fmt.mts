import { renderTelegramHtml, telegramLength } from "/work/main/channels/telegram/format.js";

for (const t of [
  "ok",
  "Hello, world. It's 5 o'clock: fine?",
  'say "hi" (really) 100% done; 3.5 = x',
  "1. item",
  "line one\nline two",
  "a  b",
  "email a@b.c",
  "x - y + z = 2",
  "  indented",
  "ends with two spaces  \nnext",
])
  console.log(JSON.stringify(t), "=>", JSON.stringify(renderTelegramHtml(t)), telegramLength(t));
