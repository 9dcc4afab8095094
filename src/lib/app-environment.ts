import { app, type Environment, type Network } from "../generated/index.ts";
import { runtimeConfig } from "./runtime-config.ts";

/**
 * Which backend a build talks to: VITE_APP_ENVIRONMENT=mainnet|testnet|devnet at build time; without it the
 * dev server (`npm start`, `npm run dev`) uses devnet and a production build (`vite build`) mainnet.
 */
export type AppEnvironment = keyof typeof app.apiBaseUrl;

function readEnvironment(): AppEnvironment {
  const value: unknown = import.meta.env.VITE_APP_ENVIRONMENT;
  if (value === undefined || value === "") return import.meta.env.DEV ? "devnet" : "mainnet";
  if (value === "mainnet" || value === "testnet" || value === "devnet") return value;
  throw new Error(`VITE_APP_ENVIRONMENT is ${JSON.stringify(value)}: expected "mainnet", "testnet" or "devnet"`);
}

export const appEnvironment: AppEnvironment = readEnvironment();

/**
 * Base address of the staking backend, without a trailing slash: the one the serving staking server names at run
 * time (its runtime config, e.g. a second `npm start` on other ports), else this build's.
 */
export const apiBaseUrl: string = (runtimeConfig.apiBaseUrl ?? app.apiBaseUrl[appEnvironment]).replace(/\/+$/, "");

/** The backend address of an API path ("/contact"). */
export function apiUrl(path: string): string {
  return `${apiBaseUrl}${path}`;
}

/**
 * The environment of `network` this build serves (the one whose kind is the build's environment: mainnet,
 * testnet or devnet), or undefined when the network has none of that kind.
 */
export function servedEnvironmentOf(network: Pick<Network, "environments">): Environment | undefined {
  return network.environments?.find((environment) => environment.kind === appEnvironment);
}
