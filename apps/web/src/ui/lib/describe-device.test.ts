import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { describeDevice, deviceTypeName } from "./describe-device.ts";

describe("describeDevice", () => {
  it("names a desktop browser by its major version and its system", () => {
    const device = describeDevice(
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36",
    );
    assert.deepEqual(device, {
      browser: "Chrome 140",
      os: "Linux",
      type: "desktop",
      label: "Chrome 140 on Linux",
    });
  });

  it("names a phone, with Safari's minor version and the system's", () => {
    const device = describeDevice(
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
    );
    assert.equal(device.label, "Safari 17.5 on iOS 17.5");
    assert.equal(device.type, "mobile");
    assert.equal(deviceTypeName(device.type), "Phone");
  });

  it("falls back to what a non-browser client calls itself, or to unknown", () => {
    assert.equal(describeDevice("curl/8.5.0").label, "curl/8.5.0");
    assert.deepEqual(describeDevice(null), {
      browser: null,
      os: null,
      type: "unknown",
      label: "Unknown device",
    });
    assert.equal(describeDevice("").label, "Unknown device");
  });
});
