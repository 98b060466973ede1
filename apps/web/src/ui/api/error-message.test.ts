import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { withEveryLanguage } from "../i18n/testing/every-language.ts";
import { ApiError } from "./api-error.ts";
import { errorMessage, failureMessage } from "./error-message.ts";

const i18n = await withEveryLanguage();
const en = i18n.getFixedT("en", "common");
const ja = i18n.getFixedT("ja", "common");

describe("errorMessage", () => {
  it("says a known code in the page's language, not the server's sentence", () => {
    const error = new ApiError("LastSignInMethod", { status: 409, message: "This is the last way…" });
    assert.equal(
      errorMessage(error, en),
      "This is the last way you can sign in to your account: add another before removing it.",
    );
    assert.equal(
      errorMessage(error, ja),
      "これはアカウントにサインインできる最後の方法です。削除する前に、別の方法を追加してください。",
    );
  });

  it("says how long to wait after too many attempts, in the language's plural and numbers", () => {
    assert.equal(
      errorMessage(new ApiError("RateLimited", { status: 429, retryAfter: 1 }), en),
      "Too many attempts. Try again in 1 second.",
    );
    assert.equal(
      failureMessage({ code: "RateLimited", retryAfter: 1500 }, en),
      "Too many attempts. Try again in 1,500 seconds.",
    );
    assert.equal(
      failureMessage({ code: "RateLimited" }, en),
      "Too many attempts. Wait a moment, then try again.",
    );
  });

  it("shows the server's sentence for a code it does not know, else says something went wrong", () => {
    assert.equal(
      errorMessage(new ApiError("NewCode", { status: 400, message: "Server words." }), en),
      "Server words.",
    );
    assert.equal(
      failureMessage({ code: "Default", message: "Unknown to the client." }, en),
      "Unknown to the client.",
    );
    assert.equal(
      errorMessage(new ApiError("NewCode", { status: 400 }), en),
      "Something went wrong. Try again in a moment.",
    );
    assert.equal(
      errorMessage(new TypeError("x is undefined"), en),
      "Something went wrong. Try again in a moment.",
    );
  });

  it("never shows what the UI found wrong with an answer: that is for developers", () => {
    const malformed = new ApiError("Default", {
      status: 200,
      detail: "The server's answer could not be read (user).",
    });
    assert.equal(errorMessage(malformed, en), "Something went wrong. Try again in a moment.");
    assert.match(malformed.message, /could not be read/);
  });
});
