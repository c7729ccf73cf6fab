import { randomInt } from "node:crypto";

/** Letters and digits that cannot be mistaken for one another (no 0/O, 1/I/L). */
export const pairingAlphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const pairingCodeLength = 8;

/** A fresh random pairing code, e.g. `K7MPX2QD`. */
export function generatePairingCode(): string {
  let code = "";
  for (let index = 0; index < pairingCodeLength; index++) code += pairingAlphabet[randomInt(pairingAlphabet.length)];
  return code;
}

/** A code as typed by the operator: spaces and dashes dropped, upper-cased. */
export function normalizePairingCode(input: string): string {
  return input.replace(/[\s-]/g, "").toUpperCase();
}
