#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);
var APPROVAL_BUTTONS = [
  { choice: "once", label: "Allow once" },
  { choice: "conversation", label: "Allow for this conversation" },
  { choice: "deny", label: "Deny" },
];
function buttonsOf(prompt) {
  return prompt.offersConversation ? APPROVAL_BUTTONS : APPROVAL_BUTTONS.filter((b) => b.choice !== "conversation");
}
var DECISION_ROOM = 200,
  PromptTooLong = class extends Error {
    constructor(length, limit) {
      super(`the approval prompt is ${length} characters long; at most ${limit} fit`);
      this.length = length;
      this.limit = limit;
    }
    length;
    limit;
    name = "PromptTooLong";
    kind = "prompt-too-long";
  };
function approvalButtonData(id, choice) {
  return `approve:${id}:${choice}`;
}
function parseApprovalButton(data) {
  const match = /^approve:([0-9a-f]{16}):(once|conversation|deny)$/.exec(data);
  return match ? { id: match[1], choice: match[2] } : void 0;
}
export { approvalButtonData, buttonsOf, DECISION_ROOM, PromptTooLong, parseApprovalButton };
//# sourceMappingURL=chunk-R24RNOXK.js.map
