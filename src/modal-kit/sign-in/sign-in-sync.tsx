import { useEffect, useRef } from "react";
import { useConnection } from "wagmi";
import type { ModalKit } from "../kit/create-modal-kit.ts";
import { useStore } from "../store/use-store.ts";
import { hasSession } from "./session-store.ts";

/**
 * Opens the sign-message view when sign-in is required and the connected address has no session on its
 * network (spec section 4), after asking the host once per address and network for a session it already holds.
 */
export function SignInSync({ kit }: { readonly kit: ModalKit }) {
  const { address, chainId, isConnected, chain } = useConnection();
  const signIn = kit.options.signIn;
  const asked = useRef(new Set<string>());
  const signedIn = useStore(kit.sessions, (state) => hasSession(state, address, chainId));
  useEffect(() => {
    if (!signIn?.required || !isConnected || !address || chainId === undefined || !chain || signedIn) return;
    const key = `${address}:${chainId}`;
    const first = !asked.current.has(key);
    asked.current.add(key);
    const restore =
      first && signIn.getSession ? signIn.getSession().catch(() => undefined) : Promise.resolve(undefined);
    void restore.then((session) => {
      if (session && session.address.toLowerCase() === address.toLowerCase() && session.chainId === chainId) {
        kit.sessions.add(session);
        return;
      }
      kit.open({ view: "SignInMessage" });
    });
  }, [kit, signIn, isConnected, address, chainId, chain, signedIn]);
  return null;
}
