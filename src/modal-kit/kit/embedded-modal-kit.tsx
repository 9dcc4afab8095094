import { useEffect, useState } from "react";
import { type LoadedModal, loadModal } from "./connect-wallet-button.tsx";
import type { ModalKit } from "./create-modal-kit.ts";

/**
 * The kit shown inline (embedded mode, spec section 2): Account when connected, else Connect. Create the kit
 * with `embedded: true`; its code loads when this component mounts.
 */
export function EmbeddedModalKit({ kit }: { readonly kit: ModalKit }) {
  const [loaded, setLoaded] = useState<LoadedModal | undefined>(undefined);
  useEffect(() => {
    let mounted = true;
    void loadModal(kit).then((modal) => {
      if (mounted) setLoaded(modal);
    });
    return () => {
      mounted = false;
    };
  }, [kit]);
  return loaded ? <loaded.ModalRoot kit={kit} config={loaded.config} /> : null;
}
