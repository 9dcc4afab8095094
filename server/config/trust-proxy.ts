import { isIP } from "node:net";
import { z } from "zod";

/**
 * TRUST_PROXY: which proxies in front of the server are believed about the client's address (X-Forwarded-For),
 * so per-client limits count real clients behind a load balancer. Off by default: the peer address is the client.
 */
export type TrustProxy = boolean | number | readonly string[];

const NAMED_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isAddressOrRange(entry: string): boolean {
  const [address = "", prefix, ...rest] = entry.split("/");
  if (NAMED_RANGES.has(entry)) return true;
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

export const trustProxySchema = z
  .string()
  .default("false")
  .transform((value, context): TrustProxy => {
    const text = value.trim();
    if (text === "false" || text === "") return false;
    if (text === "true") return true;
    if (/^\d+$/.test(text)) return Number(text);
    const entries = text.split(",").map((entry) => entry.trim());
    if (entries.every(isAddressOrRange)) return entries;
    context.addIssue({
      code: "custom",
      message:
        "expected false, true, a number of proxy hops, or comma-separated proxy addresses and CIDR ranges (such as 10.0.0.0/8,192.0.2.7, or loopback)",
    });
    return z.NEVER;
  });

/** Fastify's trustProxy for the setting. A hop count trusts that many proxies nearest the server, whoever they are. */
export function fastifyTrustProxy(
  setting: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === "number") return (_address, hop) => hop < setting;
  return typeof setting === "boolean" ? setting : [...setting];
}
