/** The session token of an `Authorization: Bearer <64 hex digits>` header, or undefined. */
export function bearerToken(authorization: string | undefined): string | undefined {
  return /^Bearer ([0-9a-f]{64})$/.exec(authorization ?? "")?.[1];
}
