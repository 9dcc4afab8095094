import type { Page } from "playwright-core";

/** Navigates inside the app exactly as a <Link> would (router.navigate), then waits for the address. */
export async function navigateInApp(page: Page, to: string): Promise<void> {
  await page.evaluate(async (target) => {
    const router = window.__appRouter;
    if (!router) throw new Error("the build does not expose the router (VITE_EXPOSE_ROUTER)");
    await router.navigate(target);
  }, to);
}

/** The path, query and hash of the page's address. */
export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}${url.hash}`;
}
