import { z } from "zod";

/** The field types the server's environment schema is built from (env.ts and its sections). */

/** A TCP port, 0 meaning any free one. */
export const portNumber = () =>
  z.coerce
    .number({ error: "expected a port number" })
    .int("expected a whole port number")
    .min(0, "expected a port from 0 (any free port) to 65535")
    .max(65_535, "expected a port from 0 (any free port) to 65535");

/** A comma-separated list, items trimmed, empty items dropped; unset is the empty list. */
export const commaList = () =>
  z
    .string()
    .default("")
    .transform((value) =>
      value
        .split(",")
        .map((item) => item.trim())
        .filter(Boolean),
    );
