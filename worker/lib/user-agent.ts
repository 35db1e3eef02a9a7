/**
 * A small User-Agent reader for the sessions list: which browser and which operating system, in
 * words a member recognises ("Firefox 133", "Windows"). It knows the browsers and systems people
 * sign in with; anything else reads "Unknown browser" / "Unknown system". No dependency: the list
 * only needs a name, and a full parser would weigh more than the whole auth code.
 */

export type DeviceDescription = { browser: string; os: string };

/** Checked in order: Edge, Opera and Samsung Internet also say "Chrome", Chrome also says "Safari". */
const BROWSERS: readonly [name: string, pattern: RegExp][] = [
  ["Edge", /\bEdg(?:e|A|iOS)?\/(\d+)/],
  ["Opera", /\b(?:OPR|OPT)\/(\d+)/],
  ["Samsung Internet", /\bSamsungBrowser\/(\d+)/],
  ["Vivaldi", /\bVivaldi\/(\d+)/],
  ["Firefox", /\b(?:Firefox|FxiOS)\/(\d+)/],
  ["Chrome", /\b(?:Chrome|CriOS|HeadlessChrome)\/(\d+)/],
  ["Safari", /\bVersion\/(\d+)(?:\.\d+)*(?: Mobile\/\w+)? Safari\//],
];

function browserOf(ua: string): string {
  for (const [name, pattern] of BROWSERS) {
    const match = pattern.exec(ua);
    if (match) return `${name} ${match[1]}`;
  }
  return "Unknown browser";
}

function osOf(ua: string): string {
  const ios = /\b(?:iPhone|iPad|iPod)\b.*?\bOS (\d+)(?:_(\d+))?/.exec(ua);
  if (ios) return `iOS ${ios[1]}${ios[2] && ios[2] !== "0" ? `.${ios[2]}` : ""}`;
  const android = /\bAndroid (\d+(?:\.\d+)?)/.exec(ua);
  if (android) return `Android ${android[1]}`;
  if (/\bAndroid\b/.test(ua)) return "Android";
  if (/\bWindows Phone\b/.test(ua)) return "Windows Phone";
  if (/\bWindows\b/.test(ua)) return "Windows";
  if (/\bCrOS\b/.test(ua)) return "ChromeOS";
  if (/\bMac OS X\b|\bMacintosh\b/.test(ua)) return "macOS";
  if (/\bLinux\b|\bX11\b/.test(ua)) return "Linux";
  return "Unknown system";
}

/** Browser and system named by a User-Agent header (null or empty: both unknown). */
export function describeUserAgent(ua: string | null | undefined): DeviceDescription {
  if (!ua) return { browser: "Unknown browser", os: "Unknown system" };
  return { browser: browserOf(ua), os: osOf(ua) };
}
