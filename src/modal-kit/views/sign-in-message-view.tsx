import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useConnection, useDisconnect, useSignMessage, useSwitchChain } from "wagmi";
import { isUserRejection } from "../errors/provider-errors.ts";
import { useKit } from "../modal/kit-context.ts";

type Phase = "idle" | "signing" | "declined" | "failed";

/**
 * Sign-in with Ethereum: sign the EIP-4361 message, have the host's server verify it, then close. Declining
 * shows "Signature declined" and stays; cancelling while sign-in is required switches back to the last
 * signed-in network, or disconnects.
 */
export function SignInMessageView() {
  const { t } = useTranslation();
  const { kit } = useKit();
  const { address, chainId } = useConnection();
  const signMessage = useSignMessage();
  const switchChain = useSwitchChain();
  const disconnect = useDisconnect();
  const [phase, setPhase] = useState<Phase>("idle");
  const signIn = kit.options.signIn;
  if (!signIn || !address || chainId === undefined) return null;

  const sign = async () => {
    setPhase("signing");
    try {
      // viem's EIP-4361 code loads only when someone signs in, not when the modal opens.
      const [nonce, { createSignInMessage }] = await Promise.all([
        signIn.getNonce(),
        import("../sign-in/create-sign-in-message.ts"),
      ]);
      const message = createSignInMessage({
        address,
        chainId,
        nonce,
        statement: signIn.statement,
        location: window.location,
      });
      const signature = await signMessage.mutateAsync({ message });
      kit.sessions.add(await signIn.verify({ message, signature }));
      kit.store.close();
    } catch (error) {
      setPhase(isUserRejection(error) ? "declined" : "failed");
    }
  };
  const cancel = () => {
    if (!signIn.required) {
      kit.store.close();
      return;
    }
    const last = kit.sessions.lastChainId();
    if (last !== undefined && last !== chainId)
      switchChain.mutate({ chainId: last }, { onSuccess: () => kit.store.close() });
    else disconnect.mutate(undefined, { onSuccess: () => kit.store.close() });
  };
  const problem =
    phase === "declined"
      ? "modalKit.errors.signatureDeclined"
      : phase === "failed"
        ? "modalKit.errors.signInFailed"
        : undefined;
  return (
    <div className="mk-body mk-center">
      <p className="mk-note">{t("modalKit.signIn.intro", { name: kit.options.metadata.name })}</p>
      <p className="mk-status" role={problem ? "alert" : "status"}>
        {problem ? t(problem) : phase === "signing" ? t("modalKit.signIn.signing") : null}
      </p>
      <button
        type="button"
        className="mk-button"
        data-autofocus=""
        disabled={phase === "signing"}
        onClick={() => void sign()}
      >
        {t("modalKit.signIn.sign")}
      </button>
      <button type="button" className="mk-link-button" onClick={cancel}>
        {t("modalKit.signIn.cancel")}
      </button>
    </div>
  );
}
