/**
 * Waits until every start has settled, then rejects with the first failure. Unlike Promise.all, a failing start
 * (say, copying the project) never leaves the others running unseen: each start stores what it started as it
 * resolves, so afterAll stops it.
 */
export async function allStarted(starts: readonly Promise<unknown>[]): Promise<void> {
  const results = await Promise.allSettled(starts);
  const failed = results.find((result): result is PromiseRejectedResult => result.status === "rejected");
  if (failed) throw failed.reason;
}
