/**
 * The tests' free port: the devnet's own (`npm start` picks its secure origin's and API's ports with it), so there
 * is one implementation.
 */
export { freePort } from "../../devnet/free-port.ts";
