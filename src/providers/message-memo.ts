/**
 * Keeps each message's conversion to an API's wire shape with the message object: a stored
 * message never changes, so a long history is converted once, not at every request (and the
 * converted objects, the same from request to request, are checked for lone surrogates once).
 */
import type { ChatMessage } from "./provider.js";

/** `convert`, remembered per message object. */
export function memoizedPerMessage<T>(convert: (message: ChatMessage) => T): (message: ChatMessage) => T {
  const converted = new WeakMap<ChatMessage, T>();
  return (message) => {
    let result = converted.get(message);
    if (result === undefined) {
      result = convert(message);
      converted.set(message, result);
    }
    return result;
  };
}
