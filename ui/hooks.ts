import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import { getJson } from "./api.js";
import { type EventName, subscribe } from "./events.js";

/** What a page shows of one API answer: the data once loaded, the last error, and a way to fetch again. */
export interface Resource<T> {
  data: T | undefined;
  error: string | undefined;
  reload: () => void;
}

/**
 * GETs `path` (again whenever it changes) and refetches it on each of `events`; a refetch that overtakes an
 * earlier one wins, so a slow answer never replaces a newer one.
 */
export function useResource<T>(path: string | undefined, events: EventName[]): Resource<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const generation = useRef(0);

  const reload = useCallback(() => {
    if (!path) return;
    const mine = ++generation.current;
    getJson<T>(path).then(
      (value) => {
        if (mine !== generation.current) return;
        setData(value);
        setError(undefined);
      },
      (failure: Error) => {
        if (mine === generation.current) setError(failure.message);
      },
    );
  }, [path]);

  useEffect(() => {
    setData(undefined);
    reload();
    const unsubscribe = events.map((name) => subscribe(name, reload));
    return () => {
      generation.current++;
      for (const stop of unsubscribe) stop();
    };
  }, [reload, events.join(",")]);

  return { data, error, reload };
}

/** Subscribes `listener` to `name` events while the component is mounted. */
export function useEvent(name: EventName, listener: (data: unknown) => void): void {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => subscribe(name, (data) => latest.current(data)), [name]);
}

/** Runs an action (a button press), reporting its failure and whether it is still running. */
export function useAction(): {
  busy: boolean;
  error: string | undefined;
  run: (action: () => Promise<unknown>) => Promise<void>;
} {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const run = useCallback(async (action: () => Promise<unknown>) => {
    setBusy(true);
    setError(undefined);
    try {
      await action();
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, error, run };
}
