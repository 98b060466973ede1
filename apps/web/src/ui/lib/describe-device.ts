import Bowser from "bowser";
import type { TFunction } from "i18next";

/** What kind of device a browser runs on. */
export type DeviceType = "desktop" | "mobile" | "tablet" | "tv" | "unknown";

/** A browser as people name it, read from its `User-Agent`. */
export interface Device {
  /** "Chrome 140", "Safari 17.5"; null when not known. */
  browser: string | null;
  /** "Linux", "iOS 17.5", "macOS Sonoma"; null when not known. */
  os: string | null;
  type: DeviceType;
  /**
   * One line in the page's language: "Chrome 140 on Linux" ("Chrome 140 unter Linux"), or what the
   * agent calls itself ("curl/8.0"), or "Unknown device".
   */
  label: string;
}

const TYPES: Record<string, DeviceType> = {
  desktop: "desktop",
  mobile: "mobile",
  tablet: "tablet",
  tv: "tv",
};

/** "140.0.0.0" → "140"; Safari's "17.5" stays: its minor versions are the ones people know. */
function shortVersion(name: string, version: string | undefined): string {
  if (!version) return "";
  const parts = version.split(".");
  return name === "Safari" ? parts.slice(0, 2).join(".") : (parts[0] ?? "");
}

/**
 * The browser, system and kind of device of a `User-Agent` (bowser, MIT). A User-Agent is what the
 * client claims, not proof: good for "is this my laptop?", never for a security decision. The label
 * is in the language of `t`, in English without it.
 * @example describeDevice(session.userAgent, t).label // "Chrome 140 on Linux"
 */
export function describeDevice(userAgent: string | null, t?: TFunction<"common">): Device {
  const unknown = t ? t("device.unknown") : "Unknown device";
  if (!userAgent) return { browser: null, os: null, type: "unknown", label: unknown };
  const parsed = Bowser.parse(userAgent);
  const name = parsed.browser.name || "";
  const browser = name ? `${name} ${shortVersion(name, parsed.browser.version)}`.trim() : null;
  const osName = parsed.os.name || "";
  const os = osName ? [osName, parsed.os.versionName ?? parsed.os.version].filter(Boolean).join(" ") : null;
  const type = TYPES[parsed.platform.type ?? ""] ?? "unknown";
  // A client that is no browser (a script, an app's HTTP library) names itself in its first word.
  const named = (b: string, o: string) => (t ? t("device.named", { browser: b, os: o }) : `${b} on ${o}`);
  const label =
    browser && os
      ? named(browser, os)
      : (browser ?? os ?? (userAgent.split(" ")[0]?.slice(0, 40) || unknown));
  return { browser, os, type, label };
}

/** The kind of device in words: "Computer", "Phone", … */
export function deviceTypeName(type: DeviceType, t: TFunction<"common">): string {
  return type === "unknown" ? t("device.unknownType") : t(`device.${type}`);
}
