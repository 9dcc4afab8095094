/**
 * What the device-approval page says about the browser that asked to sign in: its browser and operating system,
 * read from the User-Agent header it sent. A best effort from a header the browser writes (and anyone can fake):
 * enough for a person to notice "that is not my phone", never a proof. Unknown parts read "Unknown browser" /
 * "unknown system".
 */
export interface DeviceDescription {
  readonly browser: string;
  readonly os: string;
}

/** Checked in order: Edge, Opera and Samsung Internet also say "Chrome", and Chrome also says "Safari". */
const BROWSERS: readonly (readonly [name: string, pattern: RegExp])[] = [
  ["Edge", /\bEdg(?:e|A|iOS)?\/(\d+)/],
  ["Opera", /\b(?:OPR|Opera)\/(\d+)/],
  ["Samsung Internet", /\bSamsungBrowser\/(\d+)/],
  ["Firefox", /\b(?:Firefox|FxiOS)\/(\d+)/],
  ["Chrome", /\b(?:HeadlessChrome|Chrome|CriOS)\/(\d+)/],
  ["Chromium", /\bChromium\/(\d+)/],
  ["Safari", /\bVersion\/(\d+)(?:\.\d+)*(?: Mobile\/\S+)? Safari\//],
];

const WINDOWS: Readonly<Record<string, string>> = {
  "10.0": "Windows 10 or 11",
  "6.3": "Windows 8.1",
  "6.2": "Windows 8",
  "6.1": "Windows 7",
};

function systemOf(ua: string): string {
  const ios = /\b(iPhone|iPad|iPod)\b.*? OS (\d+)[_.](\d+)/.exec(ua);
  if (ios) return `iOS ${ios[2]}.${ios[3]} (${ios[1]})`;
  const android = /\bAndroid (\d+(?:\.\d+)?)/.exec(ua);
  if (android) return `Android ${android[1]}`;
  const windows = /\bWindows NT (\d+\.\d+)/.exec(ua);
  if (windows) return WINDOWS[windows[1] as string] ?? `Windows NT ${windows[1]}`;
  const mac = /\bMac OS X (\d+)[_.](\d+)/.exec(ua);
  if (mac) return `macOS ${mac[1]}.${mac[2]}`;
  if (/\bCrOS\b/.test(ua)) return "ChromeOS";
  if (/\bLinux\b/.test(ua)) return "Linux";
  return "unknown system";
}

export function describeDevice(userAgent: string | null | undefined): DeviceDescription {
  const ua = userAgent ?? "";
  let browser = "Unknown browser";
  for (const [name, pattern] of BROWSERS) {
    const match = pattern.exec(ua);
    if (match) {
      browser = `${name} ${match[1]}`;
      break;
    }
  }
  return { browser, os: systemOf(ua) };
}
