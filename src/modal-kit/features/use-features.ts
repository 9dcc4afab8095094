import { useKit } from "../modal/kit-context.ts";
import { useStore } from "../store/use-store.ts";
import type { FeatureState } from "./feature-store.ts";

/** The kit's resolved flags and alerts; views re-render when the remote flags arrive. */
export function useFeatures(): FeatureState {
  const { kit } = useKit();
  return useStore(kit.features);
}
