/**
 * The wagmi id of the embedded wallet's connector. A file of its own: the modal and Account compare connector
 * ids with it, and importing it from auth-connector.ts would load the whole connector with the modal.
 */
export const AUTH_CONNECTOR_ID = "embeddedWallet";
