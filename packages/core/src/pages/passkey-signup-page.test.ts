import assert from "node:assert/strict";
import { test } from "node:test";
import { errorCatalogue } from "../errors/catalogue.ts";
import { field, render, tags } from "./html-test-utils.ts";
import { PASSKEY_SCRIPT } from "./passkey-script.ts";
import type { PageModel } from "./render-page.ts";

function passkeySignUp(overrides: Partial<Extract<PageModel, { page: "passkey-signup" }>> = {}) {
  return render({
    page: "passkey-signup",
    csrfToken: "csrf-1",
    callbackUrl: "http://localhost:3000/welcome",
    error: null,
    ...overrides,
  });
}

test("passkey sign-up page: a hidden form for the script, with what it posts", () => {
  const page = passkeySignUp();
  assert.equal(page.status, 200);
  assert.match(page.body, /<title>Create an account with a passkey<\/title>/);
  assert.match(page.body, /<h1>Create an account with a passkey<\/h1>/);
  const [found, ...rest] = tags(page.body, "form");
  assert.equal(rest.length, 0);
  const { "data-messages": messages, ...form } = found ?? {};
  assert.equal(JSON.parse(messages ?? "{}").EmailInvalid, errorCatalogue.EmailInvalid.message);
  assert.deepEqual(form, {
    class: "stack",
    hidden: "",
    "aria-label": "Create an account with a passkey",
    "data-passkey": "signup",
    "data-base": "http://localhost:3000/api/auth",
    "data-csrf-token": "csrf-1",
    "data-callback-url": "http://localhost:3000/welcome",
    "data-failure": errorCatalogue.PasskeyRegistrationFailed.message,
  });
  assert.deepEqual(field(page.body, "email"), {
    id: "passkey-signup-email",
    type: "email",
    autocomplete: "email",
    required: "",
    name: "email",
  });
  assert.deepEqual(field(page.body, "name"), {
    id: "passkey-signup-name",
    type: "text",
    autocomplete: "name",
    name: "name",
  });
  // No password, and nothing a form post without the script could send anywhere.
  assert.equal(field(page.body, "password"), undefined);
  assert.doesNotMatch(page.body, /<form[^>]*\saction=/);
  assert.match(page.body, /<button type="submit" class="button">Create account with a passkey<\/button>/);
});

test("passkey sign-up page: says what it needs until the script finds a browser that can", () => {
  const body = passkeySignUp().body;
  assert.match(
    body,
    /<p data-passkey-unsupported="">Creating an account with a passkey needs a browser that supports passkeys, with JavaScript turned on\.<\/p>/,
  );
  assert.ok(body.endsWith(`${PASSKEY_SCRIPT}</script></body></html>`));
});

test("passkey sign-up page: a link to sign in, and errors in the error box", () => {
  const callback = encodeURIComponent("http://localhost:3000/welcome");
  assert.deepEqual(
    tags(passkeySignUp().body, "a").map((a) => a.href),
    [`http://localhost:3000/api/auth/signin?callbackUrl=${callback}`],
  );
  assert.doesNotMatch(passkeySignUp().body, /role="alert"/);
  const invalid = passkeySignUp({ error: "EmailInvalid" }).body;
  assert.match(
    invalid,
    /<div class="alert" role="alert" id="form-error" tabindex="-1" autofocus="">Enter a valid email address\.<\/div>/,
  );
  assert.equal(field(invalid, "email")?.["aria-invalid"], "true");
  assert.equal(field(invalid, "email")?.["aria-describedby"], "form-error");
  assert.match(
    passkeySignUp({ error: "Configuration" }).body,
    /role="alert" id="form-error" tabindex="-1" autofocus="">Unable to create the account\.</,
  );
});
