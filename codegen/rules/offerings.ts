import { joinPointer } from "../json-pointer.ts";
import { arrayAt, isObject, type JsonObject } from "./context.ts";

/** The network itself or one of its sub-networks: each has a family, staking facts and environments. */
export interface Offering {
  readonly pointer: string;
  readonly value: JsonObject;
}

export function offeringsOf(network: unknown): Offering[] {
  if (!isObject(network)) return [];
  const offerings: Offering[] = [{ pointer: "", value: network }];
  arrayAt(network.subNetworks).forEach((sub, index) => {
    if (isObject(sub)) offerings.push({ pointer: joinPointer("", "subNetworks", index), value: sub });
  });
  return offerings;
}
