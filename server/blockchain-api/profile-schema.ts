/** OpenAPI schema of a registered name (see AccountProfile). */
export const profileSchema = {
  type: "object",
  required: ["name", "registered", "addresses", "attributes"],
  properties: {
    name: { type: "string", description: 'The full name ("alice.meridian.id").' },
    registered: { type: "integer", description: "When it was registered, Unix seconds." },
    addresses: {
      type: "object",
      description: 'By ENSIP-11 coin type ("60" for Ethereum mainnet, 2147483648 + chain id for other chains).',
      additionalProperties: {
        type: "object",
        required: ["address", "created"],
        properties: { address: { type: "string" }, created: { type: "integer" } },
      },
    },
    attributes: { type: "object", additionalProperties: { type: "string" }, description: "Such as avatar." },
  },
} as const;
