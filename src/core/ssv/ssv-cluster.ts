/** Cluster sizes SSV allows: n = 3f + 1 operators tolerate f faulty ones. */
export const SSV_CLUSTER_SIZES = [4, 7, 10, 13] as const;

export function isSsvClusterSize(operatorCount: number): boolean {
  return (SSV_CLUSTER_SIZES as readonly number[]).includes(operatorCount);
}

/**
 * Shares needed to sign, 2f + 1 of n = 3f + 1 (3 of 4, 5 of 7, 7 of 10, 9 of 13), as the SSV keys tool splits:
 * a polynomial of degree threshold - 1 whose constant term is the validator's key, evaluated at each operator id.
 */
export function signingThreshold(operatorCount: number): number {
  if (!isSsvClusterSize(operatorCount)) {
    throw new RangeError(`an SSV cluster has ${SSV_CLUSTER_SIZES.join(", ")} operators, not ${operatorCount}`);
  }
  return operatorCount - (operatorCount - 1) / 3;
}
