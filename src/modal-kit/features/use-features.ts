import { useSyncExternalStore } from "react";
import { useKit } from "../modal/kit-context.ts";
import type { FeatureState } from "./feature-store.ts";

/** The kit's resolved flags and alerts; views re-render when the remote flags arrive. */
export function useFeatures(): FeatureState {
  const { kit } = useKit();
  return useSyncExternalStore(kit.features.subscribe, kit.features.getState, kit.features.getState);
}
