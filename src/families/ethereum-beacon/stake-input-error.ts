/**
 * A stake builder was given inputs that do not make one consistent stake (no deposits, mixed credentials,
 * an amount the contract refuses). It is a programming error or tampered data: nothing may be sent.
 */
export class InconsistentStakeError extends RangeError {
  constructor(message: string) {
    super(message);
    this.name = "InconsistentStakeError";
  }
}
