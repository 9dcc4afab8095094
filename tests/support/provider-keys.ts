import { DEVNET_KEYSTORE_KEY } from "../../server/deposits/devnet-keys.ts";
import { keystorePassword } from "../../server/deposits/keystore-password.ts";
import type { Storage } from "../../server/storage/database.ts";
import { depositRequests, validatorKeys, validators } from "../../server/storage/schema.ts";
import type { HandoffTarget } from "../../server/validator-clients/handoff-target.ts";
import { testKeystore } from "./test-keystore.ts";

/** The devnet's RewardsClaim: every provider key's fee recipient. */
export const DEVNET_CLAIM = "0x108C1fA8E2c0510869a38b9163b8CAF3F163F1d1";
const OWNER = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8";

/**
 * A provider key of the Ethereum devnet as the server stores it: its deposit request, its keystore encrypted
 * with its own password (derived from the devnet keystore key, unless globalPassword: an earlier version's
 * keystore, under the key itself) and, unless deposited is false, the indexer's record of its deposit.
 */
export async function insertProviderKey(
  storage: Storage,
  options: { deposited?: boolean; status?: string; globalPassword?: boolean } = {},
): Promise<string> {
  const { pubkey, keystore } = testKeystore(
    options.globalPassword ? DEVNET_KEYSTORE_KEY : (key) => keystorePassword(DEVNET_KEYSTORE_KEY, key),
  );
  const [request] = await storage.db
    .insert(depositRequests)
    .values({
      owner: OWNER,
      idempotencyKey: pubkey,
      network: "ethereum",
      environment: "devnet",
      credentialType: "0x01",
      validatorCount: 1,
      amountGwei: 32_000_000_000n,
    })
    .returning();
  const id = request?.id as number;
  await storage.db.insert(validatorKeys).values({
    requestId: id,
    position: 0,
    seedBranch: "stake-deposit-keys:v1:ethereum:devnet",
    keyIndex: id - 1,
    pubkey,
    keystore,
    keystorePerKeyPassword: !options.globalPassword,
    depositData: {},
  });
  if (options.deposited !== false) {
    await storage.db.insert(validators).values({
      network: "ethereum",
      environment: "devnet",
      pubkey,
      owner: OWNER,
      withdrawalCredentials: `01${"00".repeat(11)}${OWNER.slice(2)}`,
      status: options.status ?? "deposited",
      balanceGwei: 32_000_000_000n,
    });
  }
  return pubkey;
}

/** A handoff target for the Ethereum devnet with the given clients (weight 1 unless given). */
export function devnetHandoffTarget(
  beaconApiUrl: string,
  clients: readonly { id: string; url: string; token: string; weight?: number }[],
): HandoffTarget {
  return {
    network: "ethereum",
    environment: "devnet",
    devnet: true,
    variableSuffix: "ETHEREUM_DEVNET",
    clients: clients.map((client) => ({ ...client, weight: client.weight ?? 1 })),
    beaconApiUrl,
    feeRecipient: DEVNET_CLAIM,
    keystoreKey: DEVNET_KEYSTORE_KEY,
  };
}
