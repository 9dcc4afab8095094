/**
 * The server's pieces the devnet's tests check the devnet against (the server's mailer sends to the devnet's mail
 * server). Devnet files never import server/ themselves, except devnet/start-stack.ts (tests/import-rules.test.ts):
 * a test that needs both goes through here.
 */
export { createMailer } from "../../server/embedded-wallet/mailer.ts";
