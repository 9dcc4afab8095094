import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";
import { launchChromium } from "./browser.ts";
import { type StaticServer, startStaticServer } from "./static-server.ts";

export interface AppUnderTest {
  /** Base address of the served build, such as http://127.0.0.1:41234. */
  readonly url: string;
  /** A fresh browser context (own storage) and page; closed after the file's tests. */
  open(path: string, options?: { width?: number; height?: number }): Promise<Page>;
  /** `bypassCSP` lets a test inject axe into a frame whose CSP allows no inline script (the secure frame). */
  newContext(options?: {
    width?: number;
    height?: number;
    bypassCSP?: boolean;
    /** The browser's time zone and language (such as "America/New_York", "en-US"). */
    timezoneId?: string;
    locale?: string;
  }): Promise<BrowserContext>;
}

/** Per test file: serves the build on a free port and launches Chromium; both stop after the file. */
export function setUpAppUnderTest(): AppUnderTest {
  let server: StaticServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startStaticServer(inject("distDir")), launchChromium()]);
  });
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
    await browser?.close();
    await server?.close();
  });

  const app: AppUnderTest = {
    get url() {
      if (!server) throw new Error("the app server has not started");
      return server.url;
    },
    async newContext(options = {}) {
      if (!browser) throw new Error("the browser has not started");
      const context = await browser.newContext({
        viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
        baseURL: app.url,
        ...(options.bypassCSP ? { bypassCSP: true } : {}),
        ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
        ...(options.locale ? { locale: options.locale } : {}),
      });
      // Fail a broken expectation in seconds rather than at the test's own time-out.
      context.setDefaultTimeout(10_000);
      contexts.push(context);
      return context;
    },
    async open(path, options) {
      const context = await app.newContext(options);
      const page = await context.newPage();
      await page.goto(path);
      await page.locator("main h1").first().waitFor();
      return page;
    },
  };
  return app;
}
