import type { Page } from "playwright-core";
import { type Address, stringToHex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerOne, ssvSend } from "../../contracts/test/ssv.ts";
import type { TestChain } from "../../contracts/test/test-chain.ts";
import { setUpAppUnderTest } from "./support/app-under-test.ts";
import { seriousViolations } from "./support/axe.ts";
import { type LocalStack, startLocalStack } from "./support/local-stack.ts";

const app = setUpAppUnderTest();
let stack: LocalStack;
let operatorOwner: Address;

// Four operators besides the devnet's eight (ids 9-12), fees in SSV wei a block: 12 operators, two pages of 10.
const EXTRA_FEES = [100_000_000_000n, 2_000_000_000_000n, 700_000_000_000n, 1_000_000_000_000n];

beforeAll(async () => {
  stack = await startLocalStack();
  const chain = stack.devnet.ethereum as unknown as TestChain;
  operatorOwner = stack.devnet.ethereum.accounts[8] as Address;
  for (const [index, fee] of EXTRA_FEES.entries()) {
    await ssvSend(chain, operatorOwner, "registerOperator", [stringToHex(`test operator ${9 + index}`), fee, false]);
  }
  // One validator on operators 5-8: they run 1 validator, the others none.
  await registerOne(chain, stack.devnet.ethereum.accounts[7] as Address, [5n, 6n, 7n, 8n], 10n ** 19n);
  await stack.indexNow();
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

/** The operator ids of the table's rows, top to bottom. */
const rowIds = (page: Page) =>
  page.locator("tr[data-operator]").evaluateAll((rows) => rows.map((row) => Number(row.getAttribute("data-operator"))));

/** Waits until the rows are these ids, in this order. */
async function expectRows(page: Page, ids: readonly number[]) {
  await expect.poll(() => rowIds(page), { timeout: 15_000 }).toEqual(ids);
}

async function openTable(width: number) {
  const context = await app.newContext({ width, height: 800 });
  await stack.forward(context);
  const page = await context.newPage();
  await page.goto("/ethereum/ssv/operators");
  await page.getByRole("table", { name: "12 operators" }).waitFor({ timeout: 30_000 });
  return { context, page };
}

describe("SSV operators table", () => {
  it("searches by id and owner, sorts by fee and validators both ways, and pages to page 2 and back", async () => {
    const { context, page } = await openTable(1280);
    // Default: most validators first (operators 5-8 run one), ties by id; 10 a page.
    await expectRows(page, [5, 6, 7, 8, 1, 2, 3, 4, 9, 10]);
    await page.getByText("Page 1 of 2").waitFor();

    await page.getByRole("link", { name: "Next" }).click();
    await expectRows(page, [11, 12]);
    await page.getByText("Page 2 of 2").waitFor();
    expect(new URL(page.url()).searchParams.get("page")).toBe("2");
    await page.getByRole("link", { name: "Previous" }).click();
    await expectRows(page, [5, 6, 7, 8, 1, 2, 3, 4, 9, 10]);

    const sort = page.getByLabel("Sort by");
    await sort.selectOption({ label: "Validators, fewest first" });
    await expectRows(page, [1, 2, 3, 4, 9, 10, 11, 12, 5, 6]);
    // Fees a block: 6 = 191,320,000,000; 1 = 382,640,000,000; 8 = 478,300,000,000; 2 = 573,960,000,000;
    // 3 = 765,280,000,000; 4 = 956,600,000,000; 5 = 1,147,920,000,000; 7 = 1,530,560,000,000; and ours.
    await sort.selectOption({ label: "Fee, lowest first" });
    await expectRows(page, [9, 6, 1, 8, 2, 11, 3, 4, 12, 5]);
    // 100,000,000,000 wei a block × 2,613,400 blocks a year = 0.26134 SSV.
    expect(await page.locator("tr[data-operator='9']").textContent()).toContain("0.26 SSV");
    await sort.selectOption({ label: "Fee, highest first" });
    await expectRows(page, [10, 7, 5, 12, 4, 3, 11, 2, 8, 1]);
    await page.getByRole("link", { name: "Next" }).click();
    await expectRows(page, [6, 9]);

    const search = page.getByRole("searchbox", { name: "Search operators" });
    await search.fill("7");
    await expectRows(page, [7]);
    await page.getByRole("table", { name: "1 operator" }).waitFor();
    await search.fill(operatorOwner.slice(0, 10).toLowerCase());
    await expectRows(page, [10, 12, 11, 9]);
    await search.fill("");
    await expectRows(page, [10, 7, 5, 12, 4, 3, 11, 2, 8, 1]);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it("at 360 px scrolls inside its own container, never the whole page sideways", async () => {
    const { context, page } = await openTable(360);
    await expectRows(page, [5, 6, 7, 8, 1, 2, 3, 4, 9, 10]);
    const widths = await page.evaluate(() => {
      const scroller = document.querySelector(".ui-table__scroll") as HTMLElement;
      return {
        page: document.documentElement.scrollWidth,
        viewport: document.documentElement.clientWidth,
        table: scroller.scrollWidth,
        container: scroller.clientWidth,
      };
    });
    expect(widths.page).toBeLessThanOrEqual(widths.viewport);
    expect(widths.table).toBeGreaterThan(widths.container);
    // The row's checkbox is still reachable and works at this width.
    await page.getByRole("checkbox", { name: "Operator 9", exact: true }).check();
    await page.getByText("1 operator selected: 9.").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
