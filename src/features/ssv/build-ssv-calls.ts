import { ssvNetworkAbi, ssvTokenAbi } from "../../../contracts/generated/index.ts";
import type { SsvCluster } from "../../core/api/ssv-clusters.ts";
import { type ContractCall, contractCall } from "../../core/contract-call.ts";
import type { SsvValidatorShares } from "../../core/ssv/verify-keyshares.ts";
import type { SsvOffering } from "../../lib/ssv-offering.ts";

/** The Cluster struct a call passes: the cluster's last snapshot, or a new cluster's zero state. */
export type ClusterSnapshot = SsvCluster["cluster"];

export const NEW_CLUSTER: ClusterSnapshot = {
  validatorCount: 0,
  networkFeeIndex: 0n,
  index: 0n,
  active: true,
  balance: 0n,
};

/** The owner's cluster with exactly these operators (ascending ids), if it has one. */
export function findCluster(clusters: readonly SsvCluster[] | undefined, operatorIds: readonly number[]) {
  const wanted = operatorIds.join(",");
  return clusters?.find((cluster) => cluster.operatorIds.join(",") === wanted);
}

const ids = (operatorIds: readonly number[]) => operatorIds.map(BigInt);

/** approve(SSV network, amount) on the SSV token, so the registration can take the SSV. */
export function buildApproveSsv(offering: SsvOffering, amount: bigint): ContractCall {
  return contractCall({
    to: offering.token,
    abi: ssvTokenAbi,
    functionName: "approve",
    args: [offering.network, amount],
  });
}

/** registerValidator for one validator, bulkRegisterValidator for more: one cluster, `amount` SSV into it. */
export function buildRegisterValidators(
  offering: SsvOffering,
  validators: readonly SsvValidatorShares[],
  operatorIds: readonly number[],
  amount: bigint,
  cluster: ClusterSnapshot,
): ContractCall {
  const [only] = validators;
  if (validators.length === 1 && only) {
    return contractCall({
      to: offering.network,
      abi: ssvNetworkAbi,
      functionName: "registerValidator",
      args: [only.publicKey, ids(operatorIds), only.sharesData, amount, cluster],
    });
  }
  return contractCall({
    to: offering.network,
    abi: ssvNetworkAbi,
    functionName: "bulkRegisterValidator",
    args: [
      validators.map((validator) => validator.publicKey),
      ids(operatorIds),
      validators.map((validator) => validator.sharesData),
      amount,
      cluster,
    ],
  });
}

/** reactivate a liquidated cluster with `amount` SSV. */
export function buildReactivate(
  offering: SsvOffering,
  operatorIds: readonly number[],
  amount: bigint,
  cluster: ClusterSnapshot,
): ContractCall {
  return contractCall({
    to: offering.network,
    abi: ssvNetworkAbi,
    functionName: "reactivate",
    args: [ids(operatorIds), amount, cluster],
  });
}
