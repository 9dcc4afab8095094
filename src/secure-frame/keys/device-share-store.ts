import { createWrappingKey, unwrapShare, type WrappedShare, wrapShare } from "./share-wrapping.ts";

/**
 * The device share per wallet address in the secure origin's IndexedDB ("embedded-wallet", store "shares"),
 * encrypted under the non-extractable wrapping key kept in the same database.
 */
const DB_NAME = "embedded-wallet";
const STORE = "shares";
const WRAPPING_KEY = "wrapping-key";

function openDatabase(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function run<T>(mode: IDBTransactionMode, action: (store: IDBObjectStore) => IDBRequest): Promise<T> {
  return openDatabase().then(
    (db) =>
      new Promise<T>((resolve, reject) => {
        const request = action(db.transaction(STORE, mode).objectStore(STORE));
        request.onsuccess = () => {
          db.close();
          resolve(request.result as T);
        };
        request.onerror = () => {
          db.close();
          reject(request.error);
        };
      }),
  );
}

async function wrappingKey(): Promise<CryptoKey> {
  const existing = await run<CryptoKey | undefined>("readonly", (store) => store.get(WRAPPING_KEY));
  if (existing) return existing;
  const created = await createWrappingKey();
  await run("readwrite", (store) => store.put(created, WRAPPING_KEY));
  return created;
}

const shareKey = (address: string) => `share:${address.toLowerCase()}`;

export async function saveDeviceShare(address: string, share: string): Promise<void> {
  const wrapped = await wrapShare(await wrappingKey(), share, address);
  await run("readwrite", (store) => store.put(wrapped, shareKey(address)));
}

/** The device share of this wallet, or undefined when this browser has none (a new device). */
export async function loadDeviceShare(address: string): Promise<string | undefined> {
  const wrapped = await run<WrappedShare | undefined>("readonly", (store) => store.get(shareKey(address)));
  return wrapped ? unwrapShare(await wrappingKey(), wrapped, address) : undefined;
}
