import { electraQueueEta } from "./electra.ts";

/** Forks whose queue rules the app knows. A later fork adds its own module here and changes `etaFor`'s answer. */
export type QueueFork = "electra";

export type QueueEta = typeof electraQueueEta;

/** The queue ETA functions of `fork`. */
export function etaFor(fork: QueueFork): QueueEta {
  switch (fork) {
    case "electra":
      return electraQueueEta;
  }
}
