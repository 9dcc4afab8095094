import type { FrameEvent, FrameUser } from "../core/embedded-wallet/protocol.ts";
import { FrameRequestError } from "./frame-request-error.ts";
import { deviceId, type FrameState } from "./frame-state.ts";
import { moveFunds } from "./keys/move-funds.ts";
import { moveRequested } from "./keys/move-request.ts";
import { ensureWallet } from "./keys/wallet-keys.ts";
import { type RpcRequest, rpcRequest } from "./rpc-request.ts";
import { confirmEmailChange } from "./ui/email-change-dialog.ts";
import { setLanguage, text } from "./ui/texts.ts";
import * as api from "./wallet-api.ts";

type Payload = Record<string, unknown> | undefined;

const field = (payload: Payload, name: string): string => {
  const value = payload?.[name];
  if (typeof value !== "string" || value === "") throw new FrameRequestError(text("missingField", { field: name }));
  return value;
};

function toFrameUser(state: FrameState): FrameUser {
  if (!state.address) throw new FrameRequestError(text("notConnected"));
  return {
    email: state.userEmail,
    address: state.address,
    chainId: state.chainId,
    accounts: [{ address: state.address, type: "eoa" }],
    preferredAccountType: "eoa",
    ...(moveRequested() ? { moveFunds: true as const } : {}),
  };
}

async function login(state: FrameState, user: api.WalletUser): Promise<FrameUser> {
  state.address = await ensureWallet(user);
  state.userEmail = user.email;
  return toFrameUser(state);
}

/**
 * Answers one request of the kit (modal-kit.md section 7's event list): the resolved value is the SUCCESS
 * payload, a thrown FrameRequestError the ERROR payload. Farcaster logins and smart accounts are not offered
 * by this server: they answer a clear ERROR, and the preferred account type stays eoa.
 */
export async function handleEvent(state: FrameState, event: FrameEvent, payload: Payload): Promise<unknown> {
  switch (event) {
    case "SWITCH_NETWORK": {
      const chainId = Number(payload?.chainId);
      if (!Number.isSafeInteger(chainId) || chainId <= 0) throw new FrameRequestError(text("badChainId"));
      state.chainId = chainId;
      return { chainId };
    }
    case "CONNECT_EMAIL":
      state.email = field(payload, "email");
      return api.startEmailLogin(state.email, deviceId());
    case "CONNECT_DEVICE":
      if (!state.email) throw new FrameRequestError(text("noLoginInProgress"));
      return api.waitForDeviceApproval(state.email, deviceId());
    case "CONNECT_OTP": {
      if (!state.email) throw new FrameRequestError(text("noLoginInProgress"));
      const user = await api.verifyOtp(state.email, deviceId(), field(payload, "otp"));
      state.email = undefined;
      return { action: "CONNECT", user: await login(state, user) };
    }
    case "GET_USER":
      if (payload?.chainId !== undefined) state.chainId = Number(payload.chainId);
      return state.address ? toFrameUser(state) : login(state, await api.getSession());
    case "IS_CONNECTED":
      if (!api.hasSession()) return { isConnected: false };
      try {
        await login(state, await api.getSession());
        return { isConnected: true };
      } catch {
        return { isConnected: false };
      }
    case "SIGN_OUT":
      await api.signOut();
      state.address = undefined;
      state.userEmail = null;
      return undefined;
    case "GET_CHAIN_ID":
      return { chainId: state.chainId };
    case "GET_SMART_ACCOUNT_ENABLED_NETWORKS":
      return { smartAccountEnabledNetworks: [] };
    case "SET_PREFERRED_ACCOUNT":
      return { type: "eoa", address: state.address };
    case "RPC_REQUEST":
      return rpcRequest(state, payload as unknown as RpcRequest);
    case "UPDATE_EMAIL": {
      // Confirmed in the frame, with the server's current address, before any e-mail is sent.
      const next = field(payload, "email");
      const current = (await api.getSession()).email;
      if (!(await confirmEmailChange(current, next.trim())))
        throw new FrameRequestError(text("emailChangeCancelled"), { code: 4001 });
      return api.updateEmail(next);
    }
    case "UPDATE_EMAIL_PRIMARY_OTP":
      return api.updateEmailPrimary(field(payload, "otp"));
    case "UPDATE_EMAIL_SECONDARY_OTP": {
      const user = await api.updateEmailSecondary(field(payload, "otp"));
      state.userEmail = user.email;
      return { newEmail: user.email };
    }
    case "SYNC_THEME":
      document.documentElement.dataset.theme = payload?.themeMode === "dark" ? "dark" : "light";
      return undefined;
    case "SYNC_DAPP_DATA":
      if (typeof payload?.locale === "string") setLanguage(payload.locale);
      return undefined;
    case "RELOAD":
      setTimeout(() => location.reload(), 0);
      return undefined;
    case "GET_SOCIAL_REDIRECT_URI":
      return { uri: await api.startSocialLogin(field(payload, "provider"), deviceId()) };
    case "CONNECT_SOCIAL": {
      // The result waits on the server for this frame's key (wallet-api.ts), not in anything the host sends.
      const { user, userName } = await api.connectSocial(deviceId());
      return { ...(await login(state, user)), ...(userName ? { userName } : {}) };
    }
    case "CONNECT_FARCASTER":
      throw new FrameRequestError(text("socialUnavailable"));
    case "INIT_SMART_ACCOUNT":
      throw new FrameRequestError(text("smartAccountUnavailable"));
    case "MOVE_FUNDS":
      return moveFunds(state, payload);
  }
}
