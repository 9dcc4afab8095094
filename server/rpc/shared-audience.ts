import type { ClientConnection } from "./post-json.ts";

/**
 * The clients waiting for one upstream exchange that several of them share (coalesced reads): it counts as a
 * client connection that is gone only once every one of them is gone, so the exchange is dropped when nobody
 * waits for it any more, and never while someone still does. A member without a connection (a caller that is
 * not an HTTP client) never goes.
 */
export class SharedAudience implements ClientConnection {
  private members = 0;
  private left = 0;
  private lasting = false;
  private readonly listeners = new Set<() => void>();

  constructor(first: ClientConnection | undefined) {
    this.add(first);
  }

  /** Adds a waiting client. */
  add(client: ClientConnection | undefined): void {
    if (!client) {
      this.lasting = true;
      return;
    }
    this.members++;
    if (client.destroyed && !client.writableFinished) {
      this.left++;
      return;
    }
    client.once("close", () => {
      if (client.writableFinished) return;
      this.left++;
      if (this.destroyed) this.closed();
    });
  }

  /** Every waiting client is gone. */
  get destroyed(): boolean {
    return !this.lasting && this.left === this.members;
  }

  /** Nobody is answered through the audience itself: its members' own answers are theirs. */
  readonly writableFinished = false;

  once(_event: "close", listener: () => void): this {
    this.listeners.add(listener);
    return this;
  }

  off(_event: "close", listener: () => void): this {
    this.listeners.delete(listener);
    return this;
  }

  private closed(): void {
    const listeners = [...this.listeners];
    this.listeners.clear();
    for (const listener of listeners) listener();
  }
}
