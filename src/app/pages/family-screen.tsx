import { type ReactNode, Suspense } from "react";
import type { ScreenTarget } from "../../core/screen-target.ts";
import type { GenericScreen } from "../../families/family.ts";
import { familyOf } from "../../families/index.ts";
import { AppLoading } from "../AppLoading.tsx";

/**
 * One generic screen of a route: the screen the target's family offers (loaded with its code on first use),
 * or `generic` when the family offers none.
 */
export function FamilyScreen({
  screen,
  target,
  generic,
  calculator,
}: {
  readonly screen: GenericScreen;
  readonly target: ScreenTarget;
  readonly generic: ReactNode;
  readonly calculator?: ReactNode;
}) {
  const Screen = familyOf(target).screens[screen];
  if (!Screen) return generic;
  return (
    <Suspense fallback={<AppLoading />}>
      <Screen target={target} calculator={calculator} />
    </Suspense>
  );
}
