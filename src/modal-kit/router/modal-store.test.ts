import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createModalStore } from "./modal-store.ts";
import type { OpenContext } from "./pick-open-view.ts";
import { ViewUnavailableError } from "./view-availability.ts";
import type { View } from "./views.ts";

function setup(overrides: Partial<OpenContext> = {}, extra: { embedded?: boolean; canClose?: () => boolean } = {}) {
  const context: { value: OpenContext } = {
    value: {
      isConnected: false,
      activeNamespace: undefined,
      hasAdapters: true,
      manualConnectionControl: false,
      isMobile: false,
      namesAvailable: true,
      ...overrides,
    },
  };
  const store = createModalStore({ context: () => context.value, ...extra });
  const views = () => store.getState().history.map((route) => route.view);
  return { store, context, views };
}

describe("opening", () => {
  it("opens at Connect when no wallet is connected", () => {
    const { store, views } = setup();
    store.open();
    expect(store.getState().open).toBe(true);
    expect(views()).toEqual(["Connect"]);
  });

  it("opens at Account when an address is connected", () => {
    const { store, views } = setup({ isConnected: true, activeNamespace: "eip155" });
    store.open();
    expect(views()).toEqual(["Account"]);
  });

  it("opens the view the host forces, even when connected", () => {
    const { store, views } = setup({ isConnected: true, activeNamespace: "eip155" });
    store.open({ view: "SwitchNetwork" });
    expect(views()).toEqual(["SwitchNetwork"]);
  });

  it("without adapters opens AllWallets on mobile and the basic pairing view elsewhere", () => {
    const mobile = setup({ hasAdapters: false, isMobile: true });
    mobile.store.open();
    expect(mobile.views()).toEqual(["AllWallets"]);
    const desktop = setup({ manualConnectionControl: true });
    desktop.store.open();
    expect(desktop.views()).toEqual(["ConnectingWalletConnectBasic"]);
  });

  it("starts the network-switch flow when another namespace than the active one is requested", () => {
    const { store } = setup({ isConnected: true, activeNamespace: "eip155" });
    store.open({ namespace: "solana" });
    expect(store.getState().history).toEqual([{ view: "SwitchActiveChain", data: { namespace: "solana" } }]);
  });
});

describe("navigation", () => {
  it("pushes views on a stack and pops them with back", () => {
    const { store, views } = setup();
    store.open();
    store.push("AllWallets");
    store.push("ConnectingExternal", { connectorId: "io.metamask" });
    expect(views()).toEqual(["Connect", "AllWallets", "ConnectingExternal"]);
    store.goBack();
    expect(views()).toEqual(["Connect", "AllWallets"]);
  });

  it("does not stack the same view twice in a row", () => {
    const { store, views } = setup();
    store.open();
    store.push("AllWallets");
    store.push("AllWallets");
    expect(views()).toEqual(["Connect", "AllWallets"]);
  });

  it("closes the modal when going back from the first view", () => {
    const { store } = setup();
    store.open();
    store.goBack();
    expect(store.getState().open).toBe(false);
  });

  it("shows Account instead of Connect when going back while connected", () => {
    const { store, context, views } = setup();
    store.open();
    store.push("ConnectingExternal", { connectorId: "io.metamask" });
    context.value = { ...context.value, isConnected: true, activeNamespace: "eip155" };
    store.goBack();
    expect(views()).toEqual(["Account"]);
  });

  it("resets the stack to Connect on close", () => {
    const { store, views } = setup();
    store.open();
    store.push("AllWallets");
    store.setLoading(true);
    expect(store.close()).toBe(true);
    expect(store.getState()).toMatchObject({ open: false, loading: false });
    expect(views()).toEqual(["Connect"]);
  });

  it("replaces the shown view without growing the stack", () => {
    const { store, views } = setup();
    store.open();
    store.push("ConnectingExternal");
    store.replace("Account");
    expect(views()).toEqual(["Connect", "Account"]);
  });

  it("notifies subscribers until they unsubscribe", () => {
    const { store } = setup();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.open();
    unsubscribe();
    store.close();
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe("connection changes while open", () => {
  it("shows Account once a wallet connects and Connect once it disconnects", () => {
    const { store, context, views } = setup();
    store.open();
    context.value = { ...context.value, isConnected: true, activeNamespace: "eip155" };
    store.connectionChanged();
    expect(views()).toEqual(["Account"]);
    context.value = { ...context.value, isConnected: false, activeNamespace: undefined };
    store.connectionChanged();
    expect(views()).toEqual(["Connect"]);
  });
});

describe("basic pairing view (no adapters or manual connection control)", () => {
  it("closes on back, as the first view, and gives way to Account once the wallet connects", () => {
    const { store, context, views } = setup({ manualConnectionControl: true });
    store.open();
    store.goBack();
    expect(store.getState().open).toBe(false);
    store.open();
    store.push("AllWallets");
    store.goBack();
    expect(views()).toEqual(["ConnectingWalletConnectBasic"]);
    context.value = { ...context.value, isConnected: true, activeNamespace: "eip155" };
    store.connectionChanged();
    expect(views()).toEqual(["Account"]);
  });

  it("opens Account, not the pairing view, when already connected", () => {
    const { store, views } = setup({ hasAdapters: false, isConnected: true, activeNamespace: "eip155" });
    store.open();
    expect(views()).toEqual(["Account"]);
  });
});

describe("namespace switch flow", () => {
  it("goes from SwitchActiveChain to a Connect for the wanted namespace, which back does not turn into Account", () => {
    const { store, context, views } = setup({ isConnected: true, activeNamespace: "eip155" });
    store.open({ namespace: "solana" });
    store.push("Connect", { namespace: "solana" });
    store.push("ConnectingExternal", { connectorId: "app.phantom" });
    store.goBack();
    expect(store.getState().history.at(-1)).toEqual({ view: "Connect", data: { namespace: "solana" } });
    // Still on eip155: the flow stays open.
    store.connectionChanged();
    expect(views()).toEqual(["SwitchActiveChain", "Connect"]);
    context.value = { ...context.value, activeNamespace: "solana" };
    store.connectionChanged();
    expect(views()).toEqual(["SwitchActiveChain", "Account"]);
  });

  it("does not start the flow for the active namespace, nor while disconnected", () => {
    const connected = setup({ isConnected: true, activeNamespace: "eip155" });
    connected.store.open({ namespace: "eip155" });
    expect(connected.views()).toEqual(["Account"]);
    const disconnected = setup();
    disconnected.store.open({ namespace: "solana" });
    expect(disconnected.views()).toEqual(["Connect"]);
  });

  it("shows Account when going back to a Connect of the namespace that is already active", () => {
    const { store, views } = setup({ isConnected: true, activeNamespace: "eip155" });
    store.open({ view: "Connect", namespace: "eip155" });
    store.push("AllWallets");
    store.goBack();
    expect(views()).toEqual(["Account"]);
  });
});

describe("closing that is not allowed", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("keeps the modal open and shakes it for 500 ms", () => {
    const { store } = setup({}, { canClose: () => false });
    store.open();
    expect(store.close()).toBe(false);
    expect(store.getState()).toMatchObject({ open: true, shake: true });
    vi.advanceTimersByTime(499);
    expect(store.getState().shake).toBe(true);
    vi.advanceTimersByTime(1);
    expect(store.getState().shake).toBe(false);
  });

  it("restarts the 500 ms when it shakes again", () => {
    const { store } = setup();
    store.triggerShake();
    vi.advanceTimersByTime(400);
    store.triggerShake();
    vi.advanceTimersByTime(400);
    expect(store.getState().shake).toBe(true);
    vi.advanceTimersByTime(100);
    expect(store.getState().shake).toBe(false);
  });
});

describe("embedded mode", () => {
  it("is always shown, as Account when connected and Connect otherwise", () => {
    const { store, context, views } = setup({}, { embedded: true });
    expect(store.getState().open).toBe(true);
    expect(views()).toEqual(["Connect"]);
    context.value = { ...context.value, isConnected: true, activeNamespace: "eip155" };
    store.connectionChanged();
    expect(views()).toEqual(["Account"]);
    store.push("SwitchNetwork");
    store.close();
    expect(store.getState().open).toBe(true);
    expect(views()).toEqual(["Account"]);
  });
});

describe("views the kit does not have or cannot show now", () => {
  it("throws for a view outside the spec's list instead of showing Connect", () => {
    const { store } = setup();
    expect(() => store.open({ view: "WalletSend" as View })).toThrow(ViewUnavailableError);
    expect(() => store.open({ view: "WalletSend" as View })).toThrow("Cannot open the view WalletSend: no such view");
    expect(store.getState().open).toBe(false);
  });

  it("throws for the spec's Farcaster view, which this kit does not offer", () => {
    const { store } = setup();
    for (const view of ["ConnectingFarcaster"] as const) {
      expect(() => store.open({ view })).toThrow(`Cannot open the view ${view}: this kit does not offer it`);
    }
    expect(store.getState().open).toBe(false);
  });

  it("throws for EmailLogin and UpdateEmailWallet, which open from Connect's e-mail field and from Account", () => {
    const { store } = setup();
    expect(() => store.open({ view: "EmailLogin" })).toThrow(
      "Cannot open the view EmailLogin: it opens from the e-mail field of Connect",
    );
    expect(() => store.open({ view: "UpdateEmailWallet" })).toThrow(
      "Cannot open the view UpdateEmailWallet: it opens from Account with the e-mail wallet",
    );
  });

  it("throws for Account and RegisterAccountName while no wallet is connected", () => {
    const { store } = setup();
    for (const view of ["Account", "RegisterAccountName"] as const) {
      expect(() => store.open({ view })).toThrow(`Cannot open the view ${view}: it needs a connected wallet`);
    }
  });

  it("opens RegisterAccountName when connected, and throws without the blockchain API", () => {
    const connected = setup({ isConnected: true, activeNamespace: "eip155" });
    connected.store.open({ view: "RegisterAccountName" });
    expect(connected.views()).toEqual(["RegisterAccountName"]);
    const withoutApi = setup({ isConnected: true, activeNamespace: "eip155", namesAvailable: false });
    expect(() => withoutApi.store.open({ view: "RegisterAccountName" })).toThrow(ViewUnavailableError);
  });

  it("opens RegisterAccountNameSuccess only with the registered name", () => {
    const { store } = setup({ isConnected: true, activeNamespace: "eip155" });
    expect(() => store.open({ view: "RegisterAccountNameSuccess" })).toThrow(ViewUnavailableError);
    store.open({ view: "RegisterAccountNameSuccess", accountName: "alice.meridian.id" });
    expect(store.getState().history).toEqual([
      { view: "RegisterAccountNameSuccess", data: { accountName: "alice.meridian.id" } },
    ]);
  });
});
