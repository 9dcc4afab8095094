/**
 * The query every blockchain API call carries (modal-kit spec section 7): the caller's project id, SDK type and
 * SDK version. Self-hosted, any non-empty text is accepted; they are required so a caller that is not the kit
 * is told what it left out.
 */
export const clientQueryProperties = {
  projectId: { type: "string", minLength: 1, maxLength: 128, description: "The caller's project id." },
  st: { type: "string", minLength: 1, maxLength: 64, description: 'SDK type of the caller ("appkit").' },
  sv: { type: "string", minLength: 1, maxLength: 64, description: 'SDK version of the caller ("html-wagmi-1.7.3").' },
} as const;

export const clientQueryRequired = ["projectId", "st", "sv"] as const;

/** A querystring schema: the client query plus the route's own parameters. */
export function querySchema<P extends Record<string, object>>(properties: P, required: readonly string[] = []) {
  return {
    type: "object",
    required: [...clientQueryRequired, ...required],
    properties: { ...clientQueryProperties, ...properties },
  } as const;
}
