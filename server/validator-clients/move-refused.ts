/** A move that cannot go on; its message says why and what the operator can do. Nothing unsafe was done. */
export class MoveRefused extends Error {
  override readonly name = "MoveRefused";
}
