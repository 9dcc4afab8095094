import { useCallback, useEffect, useState } from "react";

/**
 * Where a backend read stands. While a new read of the same key or of the same `group` runs (a retry, another
 * page of one owner's list), the last answer stays in `data` (no flicker when paging); a read of another group
 * (another owner) starts without data, so one owner's figures never show under another's address.
 */
export type ApiQueryState<T> =
  | { readonly status: "idle"; readonly data?: undefined }
  | { readonly status: "loading"; readonly data: T | undefined }
  | { readonly status: "error"; readonly error: unknown; readonly data?: undefined }
  | { readonly status: "ready"; readonly data: T };

export type ApiQuery<T> = ApiQueryState<T> & { retry(): void };

/**
 * Runs `load` whenever `key` changes (undefined: nothing to read yet, "idle"), aborting the read it
 * replaces; `retry()` reads the same key again. `load` must be fully described by `key`. `group` names what
 * the keys of one list share (its owner and network, not its page): data is kept while reading within it.
 */
export function useApiQuery<T>(
  key: string | undefined,
  load: (signal: AbortSignal) => Promise<T>,
  group?: string,
): ApiQuery<T> {
  const [state, setState] = useState<ApiQueryState<T> & { readonly key?: string; readonly group?: string }>({
    status: "idle",
  });
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((value) => value + 1), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `load` is described by `key`; `attempt` re-runs it
  useEffect(() => {
    if (key === undefined) {
      setState({ status: "idle" });
      return;
    }
    const controller = new AbortController();
    setState((previous) => {
      const related = previous.key === key || (group !== undefined && previous.group === group);
      return { status: "loading", key, group, data: related && previous.status !== "idle" ? previous.data : undefined };
    });
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: "ready", key, group, data });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: "error", key, group, error });
      },
    );
    return () => controller.abort();
  }, [key, attempt]);

  return { ...state, retry };
}
