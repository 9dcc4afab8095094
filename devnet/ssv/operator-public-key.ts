import { createPublicKey, type KeyObject } from "node:crypto";

/**
 * Reads an SSV operator's public key in its on-chain form: base64 of a PEM text. The SSV tools label the PEM
 * "RSA PUBLIC KEY" while its body is a SubjectPublicKeyInfo (it starts MIIBIj...), so the body is read as SPKI
 * first and as PKCS#1 only if that fails. Throws a RangeError naming the operator for anything else.
 */
export function readOperatorPublicKey(operatorKey: string, operatorId: number): KeyObject {
  const pem = Buffer.from(operatorKey, "base64").toString("utf8");
  const body = /-----BEGIN (?:RSA )?PUBLIC KEY-----([A-Za-z0-9+/=\s]+)-----END (?:RSA )?PUBLIC KEY-----/.exec(pem)?.[1];
  if (!body) throw new RangeError(`operator ${operatorId}: its key is not base64 of a PEM public key`);
  const der = Buffer.from(body.replace(/\s+/g, ""), "base64");
  for (const type of ["spki", "pkcs1"] as const) {
    try {
      const key = createPublicKey({ key: der, format: "der", type });
      if (key.asymmetricKeyType === "rsa") return key;
    } catch {
      // try the next encoding
    }
  }
  throw new RangeError(`operator ${operatorId}: its key is not an RSA public key`);
}
