import { createRoot } from "react-dom/client";

/**
 * Baseline of the open-time bench: a button that loads wagmi on click, calls connect() with the injected
 * connector and shows a plain <dialog> as the wallet is asked (the least a wagmi app shows on a click).
 */
function BareDialogButton() {
  return (
    <>
      <button
        type="button"
        onClick={async () => {
          const { connectInjected } = await import("./bare-wagmi-connect.ts");
          const connecting = connectInjected();
          document.querySelector("dialog")?.showModal();
          await connecting;
        }}
      >
        Connect wallet
      </button>
      <dialog aria-label="Connecting">
        <p>Approve the connection in your wallet.</p>
      </dialog>
    </>
  );
}

const root = document.getElementById("root");
if (root) createRoot(root).render(<BareDialogButton />);
