/**
 * The candidate closest to `word` (case-insensitive edit distance), when it is close
 * enough to be a typo: at most 2 edits, and fewer than half the word's length.
 */
export function closestMatch(word: string, candidates: Iterable<string>): string | undefined {
  let best: { candidate: string; distance: number } | undefined;
  for (const candidate of candidates) {
    const distance = editDistance(word.toLowerCase(), candidate.toLowerCase());
    if (!best || distance < best.distance) best = { candidate, distance };
  }
  if (!best || best.distance === 0) return best?.candidate;
  return best.distance <= 2 && best.distance * 2 < word.length ? best.candidate : undefined;
}

/** Levenshtein distance, with a swap of two neighbours counting as one edit. */
function editDistance(from: string, to: string): number {
  const rows = Array.from({ length: from.length + 1 }, (_, row) =>
    Array.from({ length: to.length + 1 }, (_, column) => (row === 0 ? column : column === 0 ? row : 0)),
  );
  for (let row = 1; row <= from.length; row++) {
    for (let column = 1; column <= to.length; column++) {
      const cost = from[row - 1] === to[column - 1] ? 0 : 1;
      let distance = Math.min(
        rows[row - 1]![column]! + 1,
        rows[row]![column - 1]! + 1,
        rows[row - 1]![column - 1]! + cost,
      );
      if (row > 1 && column > 1 && from[row - 1] === to[column - 2] && from[row - 2] === to[column - 1])
        distance = Math.min(distance, rows[row - 2]![column - 2]! + 1);
      rows[row]![column] = distance;
    }
  }
  return rows[from.length]![to.length]!;
}
