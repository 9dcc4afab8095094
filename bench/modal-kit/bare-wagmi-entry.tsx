import { createRoot } from "react-dom/client";

/** Baseline: a button that loads wagmi on click and calls connect() with the injected connector. */
function BareConnectButton() {
  return (
    <button
      type="button"
      onClick={async () => {
        const { connectInjected } = await import("./bare-wagmi-connect.ts");
        await connectInjected();
      }}
    >
      Connect wallet
    </button>
  );
}

const root = document.getElementById("root");
if (root) createRoot(root).render(<BareConnectButton />);
