/**
 * Passes a model call's text deltas on without repeating any when the call is retried
 * after a stream was cut: a new attempt's text is passed on only beyond what earlier
 * attempts already passed on. Returns the function that makes each attempt's callback.
 */
export function deltasAcrossAttempts(onTextDelta: (text: string) => void): () => (text: string) => void {
  let passedOn = 0;
  return () => {
    let seen = 0;
    return (text) => {
      const start = seen;
      seen += text.length;
      if (seen <= passedOn) return;
      const fresh = text.slice(Math.max(0, passedOn - start));
      passedOn = seen;
      onTextDelta(fresh);
    };
  };
}
