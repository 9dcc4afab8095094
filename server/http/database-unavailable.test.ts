import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./database-unavailable.ts";

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe("telling a database outage from a query's fault", () => {
  it("counts refused connections and ended sessions as an outage, also when wrapped by the query layer", () => {
    expect(isDatabaseUnavailable(withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"))).toBe(true);
    const ended = withCode("terminating connection due to administrator command", "57P01");
    expect(isDatabaseUnavailable(new Error("Failed query: select 1", { cause: ended }))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
  });

  it("does not count a wrong query or a broken constraint as an outage (those stay 500 or 4xx)", () => {
    expect(isDatabaseUnavailable(withCode('syntax error at or near "selec"', "42601"))).toBe(false);
    const duplicate = withCode("duplicate key value violates unique constraint", "23505");
    expect(isDatabaseUnavailable(new Error("Failed query: insert …", { cause: duplicate }))).toBe(false);
    expect(isDatabaseUnavailable("not an error")).toBe(false);
  });
});
