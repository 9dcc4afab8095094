import { app } from "../generated/index.ts";

/** Which backend a build talks to: set VITE_APP_ENVIRONMENT=mainnet|testnet at build time; devnet otherwise. */
export type AppEnvironment = keyof typeof app.apiBaseUrl;

function readEnvironment(): AppEnvironment {
  const value: unknown = import.meta.env.VITE_APP_ENVIRONMENT;
  if (value === undefined || value === "") return "devnet";
  if (value === "mainnet" || value === "testnet" || value === "devnet") return value;
  throw new Error(`VITE_APP_ENVIRONMENT is ${JSON.stringify(value)}: expected "mainnet", "testnet" or "devnet"`);
}

export const appEnvironment: AppEnvironment = readEnvironment();

/** Base address of the staking backend for this build, without a trailing slash. */
export const apiBaseUrl: string = app.apiBaseUrl[appEnvironment].replace(/\/+$/, "");
