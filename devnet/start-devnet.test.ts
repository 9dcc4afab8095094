import { type Address, type Hex, parseEther, parseEventLogs } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  consolidationRequestsDeployedBytecode,
  delegationPoolAbi,
  delegationPoolDeployedBytecode,
  depositContractAbi,
  depositContractDeployedBytecode,
  ethStakingAbi,
  ethStakingDeployedBytecode,
  rewardsClaimAbi,
  rewardsClaimDeployedBytecode,
  withdrawalRequestsDeployedBytecode,
} from "../contracts/generated/index.ts";
import { depositDataRoot, executionCredentials, makeDepositData } from "../contracts/test/deposit-data.ts";
import { type Network, networks } from "../src/generated/index.ts";
import { testKeystore } from "../tests/support/test-keystore.ts";
import {
  consolidationRequestsAddress,
  delegationPoolAddress,
  depositContractAddress,
  ethereumDeployerAddress,
  ethStakingAddress,
  poolDeployerAddress,
  rewardsClaimAddress,
  withdrawalRequestsAddress,
} from "./addresses.ts";
import { devnetSettings } from "./devnet-settings.ts";
import { type RunningDevnet, startDevnet } from "./start-devnet.ts";

const settings = { ...devnetSettings(), ethereumPort: 0, confluxPort: 0, beaconPort: 0 };
const ethereumCode: [Address, Hex][] = [
  [depositContractAddress, depositContractDeployedBytecode],
  [withdrawalRequestsAddress, withdrawalRequestsDeployedBytecode],
  [consolidationRequestsAddress, consolidationRequestsDeployedBytecode],
  [ethStakingAddress, ethStakingDeployedBytecode],
  [rewardsClaimAddress, rewardsClaimDeployedBytecode],
];
let first: RunningDevnet;
let second: RunningDevnet;

beforeAll(async () => {
  [first, second] = await Promise.all([
    startDevnet(settings),
    startDevnet(settings, { onlyImportedValidatorsRun: true }),
  ]);
});

afterAll(async () => {
  await Promise.all([first?.stop(), second?.stop()]);
});

describe("devnet", () => {
  it("lists in networks/*.json the addresses where it installs the provider's contracts", () => {
    const ethereum: Network = networks.ethereum;
    const conflux: Network = networks.conflux;
    const ethereumDevnet = ethereum.environments?.find((environment) => environment.kind === "devnet");
    expect(ethereumDevnet?.contracts).toMatchObject({
      deposit: depositContractAddress,
      ethStaking: ethStakingAddress,
      claim: rewardsClaimAddress,
      withdrawal: withdrawalRequestsAddress,
      consolidation: consolidationRequestsAddress,
    });
    const espace = conflux.subNetworks?.find((subNetwork) => subNetwork.id === "espace");
    const confluxDevnet = espace?.environments?.find((environment) => environment.kind === "devnet");
    expect(confluxDevnet?.contracts).toEqual({ stakingPool: delegationPoolAddress });
    expect([first.ethereum.anvil.chainId, first.conflux.anvil.chainId]).toEqual([
      ethereumDevnet?.chainId,
      confluxDevnet?.chainId,
    ]);
  });

  it("answers get_deposit_count at the canonical deposit contract address", async () => {
    const count = await first.ethereum.client.readContract({
      address: depositContractAddress,
      abi: depositContractAbi,
      functionName: "get_deposit_count",
    });
    expect(count).toBe("0x0000000000000000");
  });

  it("installs the same code at the same addresses on every fresh start", async () => {
    for (const devnet of [first, second]) {
      for (const [address, code] of ethereumCode) expect(await devnet.ethereum.client.getCode({ address })).toBe(code);
      expect(await devnet.conflux.client.getCode({ address: delegationPoolAddress })).toBe(
        delegationPoolDeployedBytecode,
      );
    }
    // State roots cannot be compared: from Cancun and Prague on, system contracts store block timestamps and
    // parent hashes, which differ between two starts. What the devnet itself sets up must be identical.
    const state = async (devnet: RunningDevnet) => {
      const balances = (client: RunningDevnet["ethereum"]["client"], addresses: readonly Address[]) =>
        Promise.all(addresses.map((address) => client.getBalance({ address })));
      const claimable = await Promise.all(
        devnet.ethereum.accounts.map((account) =>
          devnet.ethereum.client.readContract({
            address: rewardsClaimAddress,
            abi: rewardsClaimAbi,
            functionName: "claimable",
            args: [account],
          }),
        ),
      );
      return {
        ethereumBalances: await balances(devnet.ethereum.client, [
          ...devnet.ethereum.accounts,
          ...ethereumCode.map(([address]) => address),
        ]),
        confluxBalances: await balances(devnet.conflux.client, [...devnet.conflux.accounts, delegationPoolAddress]),
        claimable,
      };
    };
    expect(await state(first)).toEqual(await state(second));
  });

  it("gives no dev account anything to claim: execution-layer rewards come only from proposed blocks", async () => {
    const { client, accounts } = first.ethereum;
    for (const account of accounts) {
      const claimable = await client.readContract({
        address: rewardsClaimAddress,
        abi: rewardsClaimAbi,
        functionName: "claimable",
        args: [account],
      });
      expect(claimable).toBe(0n);
    }
    expect(
      await client.readContract({ address: rewardsClaimAddress, abi: rewardsClaimAbi, functionName: "totalAllocated" }),
    ).toBe(0n);
  });

  it("deploys the provider's contracts with constructor-running transactions, owned by the provider", async () => {
    const { client } = first.ethereum;
    // Two creations from the Ethereum deployer, one from the pool deployer, and nothing else from either.
    expect(await client.getTransactionCount({ address: ethereumDeployerAddress })).toBe(2);
    expect(await first.conflux.client.getTransactionCount({ address: poolDeployerAddress })).toBe(1);
    const created = await client.getContractEvents({
      address: ethStakingAddress,
      abi: ethStakingAbi,
      eventName: "FeeChanged",
      fromBlock: 0n,
    });
    expect(created.map((log) => log.args)).toEqual([{ previousFee: 0n, newFee: settings.feePerValidator }]);
    for (const address of [ethStakingAddress, rewardsClaimAddress]) {
      const abi = address === ethStakingAddress ? ethStakingAbi : rewardsClaimAbi;
      expect(await client.readContract({ address, abi, functionName: "owner" })).toBe(first.provider);
    }
    const pool = { address: delegationPoolAddress, abi: delegationPoolAbi } as const;
    expect(await first.conflux.client.readContract({ ...pool, functionName: "owner" })).toBe(first.provider);
  });

  it("runs a staking pool with 1000 CFX votes and a funded interest reserve", async () => {
    const pool = { address: delegationPoolAddress, abi: delegationPoolAbi } as const;
    const { client } = first.conflux;
    expect(await client.readContract({ ...pool, functionName: "voteUnit" })).toBe(parseEther("1000"));
    expect(await client.readContract({ ...pool, functionName: "_poolLockPeriod" })).toBe(
      BigInt(settings.poolLockPeriod),
    );
    expect((await client.readContract({ ...pool, functionName: "poolSummary" })).interest).toBe(parseEther("10000"));
  });

  it("turns a batch stake into DepositEvent logs; the Beacon stand-in activates only the validator whose key was imported", async () => {
    const { client, accounts } = second.ethereum;
    const staker = accounts[0] as Address;
    const fee = await client.readContract({
      address: ethStakingAddress,
      abi: ethStakingAbi,
      functionName: "feePerValidator",
    });
    expect(fee).toBe(settings.feePerValidator);
    const data = [1, 2].map(() => makeDepositData(executionCredentials("0x01", staker)));
    // The first validator's key goes to the devnet validator client (Keymanager API), as the server's handoff does.
    const run = testKeystore("key password");
    const first = data[0] as (typeof data)[number];
    data[0] = {
      ...first,
      pubkey: `0x${run.pubkey}`,
      depositDataRoot: depositDataRoot(
        `0x${run.pubkey}`,
        first.withdrawalCredentials,
        first.amountGwei,
        first.signature,
      ),
    };
    const imported = await fetch(`${second.validatorClient.url}/eth/v1/keystores`, {
      method: "POST",
      headers: { authorization: "Bearer stake-devnet-keymanager-token-public-not-secret" },
      body: JSON.stringify({ keystores: [JSON.stringify(run.keystore)], passwords: ["key password"] }),
    });
    expect(await imported.json()).toEqual({ data: [{ status: "imported" }] });
    const hash = await client.writeContract({
      account: staker,
      address: ethStakingAddress,
      abi: ethStakingAbi,
      functionName: "stake",
      args: [
        data.map((d) => d.pubkey),
        executionCredentials("0x01", staker),
        data.map((d) => d.signature),
        data.map((d) => d.depositDataRoot),
      ],
      value: 2n * (parseEther("32") + fee),
    });
    const receipt = await client.waitForTransactionReceipt({ hash });
    const deposits = parseEventLogs({ abi: depositContractAbi, logs: receipt.logs, eventName: "DepositEvent" });
    expect(deposits.map((log) => [log.address, log.args.pubkey])).toEqual(
      data.map((d) => [depositContractAddress.toLowerCase(), d.pubkey]),
    );
    const count = await client.readContract({
      address: depositContractAddress,
      abi: depositContractAbi,
      functionName: "get_deposit_count",
    });
    expect(count).toBe("0x0200000000000000");

    // The consensus-layer stand-in picks the deposits up; moving the chain's clock moves its clock.
    const genesisTime = BigInt(
      (await (await fetch(`${second.beacon.url}/eth/v1/beacon/genesis`)).json()).data.genesis_time,
    );
    const depositEpoch = ((await client.getBlock()).timestamp - genesisTime) / 4n;
    await client.setNextBlockTimestamp({ timestamp: genesisTime + (depositEpoch + 12n) * 4n });
    await client.mine({ blocks: 1 });
    const ids = data.map((d) => d.pubkey).join(",");
    const response = await fetch(`${second.beacon.url}/eth/v1/beacon/states/head/validators?id=${ids}`);
    const validators = (await response.json()).data as { status: string; validator: { pubkey: string } }[];
    expect(validators.map((v) => [v.validator.pubkey, v.status])).toEqual([
      [data[0]?.pubkey, "active_ongoing"],
      [data[1]?.pubkey, "pending_queued"],
    ]);
  });
});
