import { type ComponentType, useEffect, useState } from "react";
import { loadModalRoot } from "./connect-wallet-button.tsx";
import type { ModalKit } from "./create-modal-kit.ts";

/**
 * The kit shown inline (embedded mode, spec section 2): Account when connected, else Connect. Create the kit
 * with `embedded: true`; its code loads when this component mounts.
 */
export function EmbeddedModalKit({ kit }: { readonly kit: ModalKit }) {
  const [ModalRoot, setModalRoot] = useState<ComponentType<{ readonly kit: ModalKit }> | undefined>(undefined);
  useEffect(() => {
    let mounted = true;
    void loadModalRoot().then((component) => {
      if (mounted) setModalRoot(() => component);
    });
    return () => {
      mounted = false;
    };
  }, []);
  return ModalRoot ? <ModalRoot kit={kit} /> : null;
}
