import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useConnect } from "wagmi";
import type { FrameUser } from "../../core/embedded-wallet/protocol.ts";
import { writeCached } from "../embedded-wallet/embedded-wallet-cache.ts";
import { offeredSocials, telegramPlatform } from "../embedded-wallet/offered-socials.ts";
import { runSocialPopup } from "../embedded-wallet/social-popup.ts";
import { useAuthConnector } from "../embedded-wallet/use-auth-connector.ts";
import { KitError } from "../errors/kit-error.ts";
import type { SocialProvider } from "../features/features.ts";
import { useFeatures } from "../features/use-features.ts";
import { useKit } from "../modal/kit-context.ts";

const NAMES: Record<SocialProvider, string> = {
  google: "Google",
  x: "X",
  farcaster: "Farcaster",
  discord: "Discord",
  apple: "Apple",
  github: "GitHub",
  facebook: "Facebook",
};

/**
 * Connect's social login buttons (spec section 4): the socials flag's providers that the secure origin has
 * configured, less those Telegram's in-app browser cannot complete. A click opens the provider in a popup;
 * once it is done, the frame collects the result (CONNECT_SOCIAL), the wallet connects and the modal closes.
 */
export function SocialButtons({ disabled }: { readonly disabled: boolean }) {
  const { t } = useTranslation();
  const { kit } = useKit();
  const { features } = useFeatures();
  const auth = useAuthConnector();
  const connect = useConnect();
  const [busy, setBusy] = useState<SocialProvider>();
  const [error, setError] = useState<string>();
  if (!auth) return null;
  const socials = offeredSocials(features.socials, auth.social.socials, telegramPlatform(window));
  if (socials.length === 0) return null;

  const login = async (provider: SocialProvider) => {
    setBusy(provider);
    setError(undefined);
    try {
      await runSocialPopup(auth.social.secureOrigin, () =>
        auth.messenger.request<{ uri: string }>("GET_SOCIAL_REDIRECT_URI", { provider }).then((answer) => answer.uri),
      );
      // The popup only said it is done: the frame redeems the result with its own key.
      const user = await auth.messenger.request<FrameUser>("CONNECT_SOCIAL");
      if (user.userName) writeCached("socialUsername", user.userName);
      await connect.mutateAsync({ connector: auth.connector });
      kit.store.close();
    } catch (cause) {
      setError(cause instanceof KitError ? t(cause.shortMessage, cause.values) : t("modalKit.errors.failedToConnect"));
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <div className="mk-socials">
      <ul className="mk-list">
        {socials.map((provider) => (
          <li key={provider}>
            <button
              type="button"
              className="mk-row"
              disabled={disabled || busy !== undefined}
              aria-busy={busy === provider}
              onClick={() => void login(provider)}
            >
              <span className="mk-row-name">{t("modalKit.connect.continueWith", { provider: NAMES[provider] })}</span>
            </button>
          </li>
        ))}
      </ul>
      {error ? (
        <p className="mk-status" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
