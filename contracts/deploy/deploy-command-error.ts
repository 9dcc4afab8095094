/** A refusal of the deploy command: printed as `deploy: <message>` with exit code 1 and no stack trace. */
export class DeployCommandError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DeployCommandError";
  }
}
