import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Language } from "../i18n/languages.ts";
import { withEveryLanguage } from "../i18n/testing/every-language.ts";
import { describeDevice, deviceTypeName } from "./describe-device.ts";

const LINUX_CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const i18n = await withEveryLanguage();
const words = (language: Language) => i18n.getFixedT(language, "common");
const en = words("en");

describe("describeDevice", () => {
  it("names a desktop browser by its major version and its system", () => {
    assert.deepEqual(describeDevice(LINUX_CHROME, en), {
      browser: "Chrome 140",
      os: "Linux",
      type: "desktop",
      label: "Chrome 140 on Linux",
    });
  });

  it("names a phone, with Safari's minor version and the system's", () => {
    const device = describeDevice(IPHONE, en);
    assert.equal(device.label, "Safari 17.5 on iOS 17.5");
    assert.equal(device.type, "mobile");
    assert.equal(deviceTypeName(device.type, en), "Phone");
  });

  it("falls back to what a non-browser client calls itself, or to unknown", () => {
    assert.equal(describeDevice("curl/8.5.0", en).label, "curl/8.5.0");
    assert.deepEqual(describeDevice(null, en), {
      browser: null,
      os: null,
      type: "unknown",
      label: "Unknown device",
    });
    assert.equal(describeDevice("", en).label, "Unknown device");
    assert.equal(deviceTypeName("unknown", en), "Unknown kind of device");
  });

  it("says it in the page's language, and in English without one", () => {
    assert.equal(describeDevice(LINUX_CHROME, words("de")).label, "Chrome 140 unter Linux");
    assert.equal(deviceTypeName("mobile", words("de")), "Smartphone");
    assert.equal(describeDevice(IPHONE, words("ja")).label, "Safari 17.5（iOS 17.5）");
    assert.equal(describeDevice(null, words("ja")).label, "不明なデバイス");
    assert.equal(describeDevice(LINUX_CHROME).label, "Chrome 140 on Linux");
  });
});
