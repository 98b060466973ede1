import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { LANGUAGES, type Language } from "../i18n/languages.ts";
import { withEveryLanguage } from "../i18n/testing/every-language.ts";
import { methodName } from "./method-name.ts";
import { type SignedInWords, signedInWith } from "./signed-in-with.ts";

const i18n = await withEveryLanguage();
/** A method's name as the consoles give it, with one provider the site names ("dev"). */
const nameIn = (language: Language) => {
  const common = i18n.getFixedT(language, "common");
  return (id: string) => (id === "dev" ? "Development provider" : methodName(id, null, common));
};

/** The words of the account console's sessions list, in `language`. */
function accountWords(language: Language): SignedInWords {
  const t = i18n.getFixedT(language, "account");
  return {
    nameOf: nameIn(language),
    plus: (key, values) => t(`sessions.secondFactor.${key}`, values),
  };
}

/** The words of the admin console's user page, in `language`. */
function adminWords(language: Language): SignedInWords {
  const t = i18n.getFixedT(language, "admin");
  return {
    nameOf: nameIn(language),
    plus: (key, values) => t(`user.sessions.secondFactor.${key}`, values),
  };
}

describe("signedInWith", () => {
  it("says the method, and the second factor the sign-in passed (the account console)", () => {
    const words = accountWords("en");
    assert.equal(signedInWith({ method: "password", secondFactor: null }, words), "Password");
    assert.equal(
      signedInWith({ method: "password", secondFactor: "totp" }, words),
      "Password and a code from your authenticator app",
    );
    assert.equal(
      signedInWith({ method: "password", secondFactor: "backup" }, words),
      "Password and a backup code",
    );
    assert.equal(
      signedInWith({ method: "dev", secondFactor: "totp" }, words),
      "Development provider and a code from your authenticator app",
    );
  });

  it("says a passkey once: it was both factors", () => {
    assert.equal(signedInWith({ method: "passkey", secondFactor: "passkey" }, accountWords("en")), "Passkey");
    assert.equal(signedInWith({ method: "passkey", secondFactor: "passkey" }, adminWords("en")), "Passkey");
  });

  it("names a factor it has no words of its own for, rather than hide it", () => {
    assert.equal(
      signedInWith({ method: "password", secondFactor: "sms" }, accountWords("en")),
      "Password and sms",
    );
    assert.equal(
      signedInWith({ method: "dev", secondFactor: "passkey" }, adminWords("en")),
      "Development provider and Passkey",
    );
  });

  it("the admin console says it shorter", () => {
    const words = adminWords("en");
    assert.equal(
      signedInWith({ method: "password", secondFactor: "totp" }, words),
      "Password and authenticator app",
    );
    assert.equal(
      signedInWith({ method: "password", secondFactor: "backup" }, words),
      "Password and backup code",
    );
    assert.equal(signedInWith({ method: "email", secondFactor: null }, words), "Email link");
  });

  it("has the words in every language: each factor said after the method, never a key", () => {
    for (const language of LANGUAGES) {
      for (const words of [accountWords(language), adminWords(language)]) {
        const method = words.nameOf("password");
        const said = ["totp", "backup", "sms"].map((secondFactor) =>
          signedInWith({ method: "password", secondFactor }, words),
        );
        for (const sentence of said) {
          assert.ok(sentence.startsWith(method), `${language}: ${sentence}`);
          assert.ok(sentence.length > method.length + 2, `${language}: ${sentence}`);
          assert.doesNotMatch(sentence, /secondFactor|\{\{/, language);
        }
        assert.equal(new Set(said).size, 3, `${language}: three different sentences`);
      }
    }
  });
});
