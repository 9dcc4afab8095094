// @vitest-environment jsdom
import { act } from "react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { setUpDomRoot } from "../../../../tests/support/dom-root.tsx";
import { Table, type TableColumn } from "./Table.tsx";
import { TablePager } from "./TablePager.tsx";

const dom = setUpDomRoot();

interface Day {
  readonly day: string;
  readonly validators: number;
  readonly rewardWei: bigint;
}
const days: Day[] = [
  { day: "26-11-02", validators: 2, rewardWei: 9_000n },
  { day: "26-11-01", validators: 1, rewardWei: 12_000n },
  { day: "26-11-03", validators: 3, rewardWei: 500n },
];
const columns: TableColumn<Day>[] = [
  { key: "day", header: "Day", cell: (row) => row.day, sortValue: (row) => row.day },
  { key: "validators", header: "Validators", cell: (row) => row.validators },
  {
    key: "reward",
    header: "Reward",
    cell: (row) => `${row.rewardWei} wei`,
    sortValue: (row) => row.rewardWei,
    numeric: true,
  },
];

function renderTable(rows: readonly Day[]) {
  dom.render(
    <Table
      label="Reward history"
      caption="All rewards: 3 days"
      columns={columns}
      rows={rows}
      rowKey={(row) => row.day}
      rowProps={(row) => ({ "data-day": row.day })}
      empty={<p>No rewards yet. Stake 32 ETH to start earning.</p>}
    />,
  );
}
const header = (name: string) => {
  const found = [...dom.container().querySelectorAll("thead th")].find((th) => th.textContent?.startsWith(name));
  if (!found) throw new Error(`no header ${name}`);
  return found;
};
const firstColumn = () => [...dom.container().querySelectorAll("tbody th")].map((th) => th.textContent);

describe("Table", () => {
  it("shows its caption and rows in the given order, each row headed by its first cell, in a scrollable region", () => {
    renderTable(days);
    expect(dom.container().querySelector("caption")?.textContent).toBe("All rewards: 3 days");
    expect(firstColumn()).toEqual(["26-11-02", "26-11-01", "26-11-03"]);
    expect(dom.container().querySelector('tr[data-day="26-11-01"] td')?.textContent).toBe("1");
    const region = dom.container().querySelector("section");
    expect(region?.getAttribute("aria-label")).toBe("Reward history");
    expect(region?.tabIndex).toBe(0);
    expect(header("Day").hasAttribute("aria-sort")).toBe(false);
  });

  it("sorts by a column when its header is pressed, ascending then descending, and says so with aria-sort", () => {
    renderTable(days);
    const sortBy = (name: string) => act(() => header(name).querySelector("button")?.click());
    sortBy("Reward");
    expect(header("Reward").getAttribute("aria-sort")).toBe("ascending");
    expect(firstColumn()).toEqual(["26-11-03", "26-11-02", "26-11-01"]);
    sortBy("Reward");
    expect(header("Reward").getAttribute("aria-sort")).toBe("descending");
    expect(firstColumn()).toEqual(["26-11-01", "26-11-02", "26-11-03"]);
    sortBy("Day");
    expect(header("Day").getAttribute("aria-sort")).toBe("ascending");
    expect(header("Reward").hasAttribute("aria-sort")).toBe(false);
    expect(firstColumn()).toEqual(["26-11-01", "26-11-02", "26-11-03"]);
    expect(header("Validators").querySelector("button")).toBeNull();
  });

  it("shows the empty state that says what to do next instead of an empty table", () => {
    renderTable([]);
    expect(dom.container().querySelector("table")).toBeNull();
    expect(dom.container().textContent).toBe("No rewards yet. Stake 32 ETH to start earning.");
  });
});

describe("TablePager", () => {
  const texts = (current: number, pages: number) => ({
    previous: "Previous page",
    next: "Next page",
    page: `Page ${current} of ${pages}`,
  });
  const renderPager = (current: number, pages: number) =>
    dom.render(
      <MemoryRouter>
        <TablePager
          label="Reward history pages"
          current={current}
          pages={pages}
          to={(page) => ({ search: `?current=${page}` })}
          texts={texts(current, pages)}
        />
      </MemoryRouter>,
    );
  const links = () =>
    [...dom.container().querySelectorAll("a")].map((link) => [link.textContent, link.getAttribute("href")]);

  it("links the previous and next pages around the current one, and only those that exist", () => {
    renderPager(2, 3);
    expect(dom.container().querySelector("nav")?.getAttribute("aria-label")).toBe("Reward history pages");
    expect(dom.container().querySelector('[aria-current="page"]')?.textContent).toBe("Page 2 of 3");
    expect(links()).toEqual([
      ["Previous page", "/?current=1"],
      ["Next page", "/?current=3"],
    ]);
    renderPager(1, 3);
    expect(links()).toEqual([["Next page", "/?current=2"]]);
    renderPager(1, 1);
    expect(dom.container().innerHTML).toBe("");
  });
});
