import { type Address, decodeAbiParameters, erc20Abi, formatUnits, type Hex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ssvNetworkAbi,
  ssvNetworkDeployedBytecode,
  ssvNetworkViewsAbi,
  ssvNetworkViewsDeployedBytecode,
  ssvTokenDeployedBytecode,
} from "../../contracts/generated/index.ts";
import { type Network, networks } from "../../src/generated/index.ts";
import { devnetSettings } from "../devnet-settings.ts";
import { type RunningDevnet, startDevnet } from "../start-devnet.ts";
import { readDevnetOperators } from "./devnet-operators.ts";

const settings = { ...devnetSettings(), ethereumPort: 0, confluxPort: 0, beaconPort: 0 };
let devnet: RunningDevnet;

beforeAll(async () => {
  devnet = await startDevnet(settings);
});

afterAll(async () => {
  await devnet?.stop();
});

const ethereum: Network = networks.ethereum;
const contracts = () => ethereum.environments?.find((environment) => environment.kind === "devnet")?.contracts ?? {};

describe("devnet SSV network", () => {
  it("answers at the addresses networks/ethereum.json lists for the devnet", async () => {
    const { ssv, ssvNetwork, ssvNetworkViews } = contracts();
    expect({ ssv, ssvNetwork, ssvNetworkViews }).toEqual({
      ssv: "0x236d025679913c13d30784F40f309ce446CAC9dC",
      ssvNetwork: "0xbc27A86df319f94645BEbE0Dc1a03D0d11d12C48",
      ssvNetworkViews: "0xb5a6f2B9f46E0A4167184f21C3446C4Aae7d7d8B",
    });
    const { client } = devnet.ethereum;
    expect(await client.getCode({ address: ssv as Address })).toBe(ssvTokenDeployedBytecode);
    expect(await client.getCode({ address: ssvNetwork as Address })).toBe(ssvNetworkDeployedBytecode);
    expect(await client.getCode({ address: ssvNetworkViews as Address })).toBe(ssvNetworkViewsDeployedBytecode);
  });

  it("gives each of the 10 dev accounts 1,000 SSV (18 decimals)", async () => {
    const { client, accounts } = devnet.ethereum;
    const token = contracts().ssv as Address;
    expect(await client.readContract({ address: token, abi: erc20Abi, functionName: "symbol" })).toBe("SSV");
    expect(await client.readContract({ address: token, abi: erc20Abi, functionName: "decimals" })).toBe(18);
    expect(accounts).toHaveLength(10);
    for (const account of accounts) {
      const balance = await client.readContract({
        address: token,
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [account],
      });
      expect(formatUnits(balance, 18)).toBe("1000");
    }
  });

  it("has the 8 operators of devnet/ssv/devnet-operators.json registered with their keys, owners and fees", async () => {
    const { client } = devnet.ethereum;
    const views = contracts().ssvNetworkViews as Address;
    const operators = readDevnetOperators();
    for (const operator of operators) {
      const [owner, fee, validators, , isPrivate, active] = await client.readContract({
        address: views,
        abi: ssvNetworkViewsAbi,
        functionName: "getOperatorById",
        args: [BigInt(operator.id)],
      });
      expect({ owner, fee, validators, isPrivate, active }).toEqual({
        owner: operator.owner,
        fee: operator.fee,
        validators: 0,
        isPrivate: false,
        active: true,
      });
    }
    const [nobody] = await client.readContract({
      address: views,
      abi: ssvNetworkViewsAbi,
      functionName: "getOperatorById",
      args: [9n],
    });
    expect(nobody).toBe("0x0000000000000000000000000000000000000000");
    // OperatorAdded carries the key as SSV operators register it: the ABI-encoded base64 of the PEM text.
    const added = await client.getContractEvents({
      address: contracts().ssvNetwork as Address,
      abi: ssvNetworkAbi,
      eventName: "OperatorAdded",
      fromBlock: 0n,
    });
    const registered = added.map((log) => ({
      id: Number(log.args.operatorId),
      publicKey: decodeAbiParameters([{ type: "string" }], log.args.publicKey as Hex)[0],
    }));
    expect(registered).toEqual(operators.map(({ id, publicKey }) => ({ id, publicKey })));
    expect(
      Buffer.from(registered[0]?.publicKey ?? "", "base64")
        .toString()
        .split("\n")[0],
    ).toBe("-----BEGIN RSA PUBLIC KEY-----");
  });
});
