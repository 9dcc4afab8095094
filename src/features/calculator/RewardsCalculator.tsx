import { lazy, type RefObject, Suspense, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { NetworkSlug } from "../../generated/index.ts";

// The form (react-hook-form with it) loads as the calculator nears the screen: the home page's first load stays
// within its budget, and a visitor who never scrolls there does not download it.
const CalculatorForm = lazy(() =>
  import("./CalculatorForm.tsx").then((module) => ({ default: module.CalculatorForm })),
);

/** How far below (or above) the screen the calculator starts loading, so it is there by the time it is seen. */
const LOAD_AHEAD = "600px 0px";

/** True once `target` is within LOAD_AHEAD of the screen (at once where the browser cannot tell). */
function useNearScreen(target: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === "undefined");
  useEffect(() => {
    const element = target.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: LOAD_AHEAD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, target]);
  return near;
}

/**
 * Rewards calculator (the home page's and each network page's): its heading and intro at once, its form and
 * results as it nears the screen, a placeholder of their size until then.
 */
export function RewardsCalculator({ initialNetwork }: { readonly initialNetwork?: NetworkSlug } = {}) {
  const { t } = useTranslation();
  const id = useId();
  const section = useRef<HTMLElement>(null);
  const near = useNearScreen(section);
  // Busy only while the form loads: before the calculator nears the screen nothing is loading.
  const placeholder = (busy: boolean) => <div className="calculator-placeholder" aria-busy={busy || undefined} />;
  return (
    <section ref={section} id="calculator" className="calculator" aria-labelledby={`${id}-heading`} tabIndex={-1}>
      <h2 id={`${id}-heading`}>{t("calculator.heading")}</h2>
      <p>{t("calculator.intro")}</p>
      {near ? (
        <Suspense fallback={placeholder(true)}>
          <CalculatorForm initialNetwork={initialNetwork} />
        </Suspense>
      ) : (
        placeholder(false)
      )}
    </section>
  );
}
