import type { OutgoingMail } from "./mailer.ts";

/**
 * The embedded wallet's e-mails, in English with a Chinese line. Server-side texts: the app's locales are for
 * the app's screens. Short, and each says what to do if the reader did not ask for it.
 */
export const mailTexts = {
  loginCode(to: string, code: string): OutgoingMail {
    return {
      to,
      subject: `Your wallet sign-in code: ${code}`,
      text: [
        `Your sign-in code is ${code}`,
        "",
        "Enter it in the wallet window within 10 minutes. If you did not try to sign in, ignore this e-mail.",
        `您的登录验证码是 ${code}，10 分钟内有效。如非本人操作，请忽略此邮件。`,
      ].join("\n"),
    };
  },

  deviceApproval(to: string, link: string): OutgoingMail {
    return {
      to,
      subject: "Approve signing in to your wallet on a new device",
      text: [
        "Someone is signing in to your wallet from a browser it has not seen before.",
        "If it is you, open this link and approve it within 15 minutes:",
        link,
        "",
        "If it is not you, do nothing: without your approval that browser cannot sign in.",
        "有新的设备正在登录您的钱包。如是本人操作，请在 15 分钟内打开上面的链接并批准；否则请忽略。",
      ].join("\n"),
    };
  },

  updatePrimaryCode(to: string, code: string, newEmail: string): OutgoingMail {
    return {
      to,
      subject: `Confirm changing your wallet's e-mail: ${code}`,
      text: [
        `Your code is ${code}`,
        "",
        `Enter it within 10 minutes to move your wallet's sign-in to ${newEmail}. If you did not ask for this, ignore this e-mail: nothing changes without the code.`,
        `验证码 ${code}：用于将钱包登录邮箱更改为 ${newEmail}，10 分钟内有效。如非本人操作，请忽略。`,
      ].join("\n"),
    };
  },

  updateSecondaryCode(to: string, code: string): OutgoingMail {
    return {
      to,
      subject: `Confirm your new wallet e-mail: ${code}`,
      text: [
        `Your code is ${code}`,
        "",
        "Enter it within 10 minutes to sign in to your wallet with this address from now on.",
        `验证码 ${code}：确认此邮箱为钱包的新登录邮箱，10 分钟内有效。`,
      ].join("\n"),
    };
  },
};
