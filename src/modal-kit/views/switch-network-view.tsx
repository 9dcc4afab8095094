import { useKit } from "../modal/kit-context.ts";
import { NetworkList } from "./network-list.tsx";

/** Pick another configured network; back to Account once the wallet has switched. */
export function SwitchNetworkView() {
  const { kit } = useKit();
  return (
    <div className="mk-body">
      <NetworkList onSwitched={() => kit.store.goBack()} />
    </div>
  );
}
