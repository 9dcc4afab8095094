import { useCallback, useEffect, useState } from "react";

/** Where a backend read stands. While a new read runs, the last answer stays in `data` (no flicker when paging). */
export type ApiQueryState<T> =
  | { readonly status: "idle"; readonly data?: undefined }
  | { readonly status: "loading"; readonly data: T | undefined }
  | { readonly status: "error"; readonly error: unknown; readonly data?: undefined }
  | { readonly status: "ready"; readonly data: T };

export type ApiQuery<T> = ApiQueryState<T> & { retry(): void };

/**
 * Runs `load` whenever `key` changes (undefined: nothing to read yet, "idle"), aborting the read it
 * replaces; `retry()` reads the same key again. `load` must be fully described by `key`.
 */
export function useApiQuery<T>(key: string | undefined, load: (signal: AbortSignal) => Promise<T>): ApiQuery<T> {
  const [state, setState] = useState<ApiQueryState<T> & { readonly key?: string }>({ status: "idle" });
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((value) => value + 1), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `load` is described by `key`; `attempt` re-runs it
  useEffect(() => {
    if (key === undefined) {
      setState({ status: "idle" });
      return;
    }
    const controller = new AbortController();
    setState((previous) => ({ status: "loading", key, data: previous.status === "idle" ? undefined : previous.data }));
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: "ready", key, data });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: "error", key, error });
      },
    );
    return () => controller.abort();
  }, [key, attempt]);

  return { ...state, retry };
}
