import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testKeystore } from "../../tests/support/test-keystore.ts";
import { type RunningValidatorClient, startValidatorClient } from "./start-validator-client.ts";

const TOKEN = "stake-devnet-keymanager-token-public-not-secret";
const CLAIM = "0x108C1fA8E2c0510869a38b9163b8CAF3F163F1d1";
const interchange = JSON.stringify({
  metadata: { interchange_format_version: "5", genesis_validators_root: `0x${"00".repeat(32)}` },
  data: [],
});

let client: RunningValidatorClient;
const imported: string[] = [];

beforeAll(async () => {
  client = await startValidatorClient({ defaultFeeRecipient: CLAIM, onImported: (pubkey) => imported.push(pubkey) });
});
afterAll(async () => {
  await client?.stop();
});

const call = (path: string, method = "GET", body?: unknown, token = TOKEN) =>
  fetch(`${client.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

describe("devnet validator client stand-in (Keymanager API)", () => {
  it("listens on loopback and refuses requests without the bearer token with {code, message}", async () => {
    expect(client.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const response = await call("/eth/v1/keystores", "GET", undefined, "wrong");
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ code: 401, message: expect.any(String) });
  });

  it("imports a keystore it can decrypt once, answers duplicate after, and lists it", async () => {
    const { pubkey, keystore } = testKeystore("right password");
    const body = {
      keystores: [JSON.stringify(keystore)],
      passwords: ["right password"],
      slashing_protection: interchange,
    };
    const first = await call("/eth/v1/keystores", "POST", body);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ data: [{ status: "imported" }] });
    expect(await (await call("/eth/v1/keystores", "POST", body)).json()).toEqual({ data: [{ status: "duplicate" }] });
    expect(imported).toEqual([`0x${pubkey}`]);
    const list = (await (await call("/eth/v1/keystores")).json()) as { data: unknown[] };
    expect(list.data).toContainEqual({
      validating_pubkey: `0x${pubkey}`,
      derivation_path: "m/12381/3600/0/0/0",
      readonly: false,
    });
  });

  it("refuses a keystore with the wrong password (status error) and does not run its validator", async () => {
    const { pubkey, keystore } = testKeystore("right password");
    const response = await call("/eth/v1/keystores", "POST", {
      keystores: [JSON.stringify(keystore)],
      passwords: ["wrong password"],
    });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: { status: string; message: string }[] };
    expect(data).toHaveLength(1);
    expect(data[0]?.status).toBe("error");
    expect(data[0]?.message).toMatch(/decrypt/);
    expect(client.store.has(`0x${pubkey}`)).toBe(false);
    expect(imported).not.toContain(`0x${pubkey}`);
  });

  it("answers 400 with {code, message} when keystores and passwords differ in length", async () => {
    const response = await call("/eth/v1/keystores", "POST", { keystores: ["{}"], passwords: [] });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ code: 400, message: expect.stringMatching(/same length/) });
  });

  it("keeps a fee recipient per validator: the default until set, then the one set (202)", async () => {
    const { pubkey, keystore } = testKeystore("pw");
    await call("/eth/v1/keystores", "POST", { keystores: [JSON.stringify(keystore)], passwords: ["pw"] });
    const path = `/eth/v1/validator/0x${pubkey}/feerecipient`;
    expect(await (await call(path)).json()).toEqual({ data: { pubkey: `0x${pubkey}`, ethaddress: CLAIM } });
    const other = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
    expect((await call(path, "POST", { ethaddress: other })).status).toBe(202);
    expect(await (await call(path)).json()).toEqual({ data: { pubkey: `0x${pubkey}`, ethaddress: other } });
    const bad = await call(path, "POST", { ethaddress: "0x1234" });
    expect(bad.status).toBe(400);
    const unknown = await call(`/eth/v1/validator/0x${"ab".repeat(48)}/feerecipient`);
    expect(unknown.status).toBe(404);
  });
});
