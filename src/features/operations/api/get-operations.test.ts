import { describe, expect, it } from "vitest";
import { parseApiResponse, UnexpectedApiResponseError } from "../../../components/api/parse-api-response.ts";
import { networks } from "../../../generated/index.ts";
import { transactionExplorerUrl } from "../explorer-link.ts";
import { operationsSchema } from "./get-operations.ts";

const stake = {
  kind: "stake",
  txHash: `0x${"01".repeat(32)}`,
  blockNumber: "10",
  status: "confirmed",
  amountWei: "64000000000000000000",
  occurredAt: "2026-10-01T00:00:00.000Z",
  details: { validators: 2, feeWei: "0" },
};

describe("operations API answers", () => {
  it("reads operations with their amounts as bigints", () => {
    const answer = parseApiResponse(
      operationsSchema,
      { total: 1, page: 1, pageSize: 20, operations: [stake] },
      "GET /operations",
    );
    expect(answer.operations[0]).toMatchObject({ kind: "stake", amountWei: 64n * 10n ** 18n, status: "confirmed" });
  });

  it("refuses a transaction hash that is not one", () => {
    expect(() =>
      parseApiResponse(
        operationsSchema,
        { total: 1, page: 1, pageSize: 20, operations: [{ ...stake, txHash: "0x12" }] },
        "GET /operations",
      ),
    ).toThrow(UnexpectedApiResponseError);
  });

  it("links a transaction to the environment's explorer, and to none on the devnet", () => {
    const [mainnet, , devnet] = networks.ethereum.environments ?? [];
    expect(transactionExplorerUrl(mainnet, stake.txHash)).toBe(`https://etherscan.io/tx/${stake.txHash}`);
    expect(transactionExplorerUrl(devnet, stake.txHash)).toBeUndefined();
  });
});
