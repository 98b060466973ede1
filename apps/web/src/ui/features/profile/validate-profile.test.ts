import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { MAX_NAME, validateProfile } from "./validate-profile.ts";

describe("validateProfile", () => {
  it("accepts a name and an https picture, or no picture", () => {
    assert.deepEqual(validateProfile({ name: "Ada Lovelace", image: "https://example.com/ada.png" }), {});
    assert.deepEqual(validateProfile({ name: "", image: "" }), {});
  });

  it("refuses a picture that is not an https URL", () => {
    for (const image of [
      "http://example.com/a.png",
      "javascript:alert(1)",
      "data:image/png;base64,AAAA",
      "ada.png",
    ]) {
      assert.equal(validateProfile({ name: "Ada", image }).image, "notHttps", image);
    }
  });

  it("refuses a name longer than the limit, counted in characters", () => {
    assert.equal(validateProfile({ name: "é".repeat(MAX_NAME), image: "" }).name, undefined);
    assert.equal(validateProfile({ name: "a".repeat(MAX_NAME + 1), image: "" }).name, "tooLong");
  });
});
