import assert from "node:assert/strict";
import { test } from "node:test";
import { qrSvg } from "@gatehouse/two-factor";
import { errorCatalogue } from "../errors/catalogue.ts";
import { field, forms, render, tags } from "./html-test-utils.ts";
import type { PageModel } from "./render-page.ts";
import { groupedKey } from "./two-factor-setup-page.ts";

const SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
const URI = `otpauth://totp/Acme:ada%40example.com?secret=${SECRET}&issuer=Acme`;

function setup(overrides: Partial<Extract<PageModel, { page: "two-factor-setup" }>> = {}) {
  return render({
    page: "two-factor-setup",
    csrfToken: "csrf-1",
    callbackUrl: "http://localhost:3000/home",
    secret: SECRET,
    qrSvg: qrSvg(URI),
    error: null,
    ...overrides,
  });
}

test("two-factor setup: the QR code inline, as a named image, rebuilt from qrSvg()'s markup", () => {
  const page = setup();
  assert.equal(page.status, 200);
  assert.match(page.body, /<h1>Set up two-factor authentication<\/h1>/);
  const [qr] = tags(page.body, "div").filter((div) => div.class === "qr");
  assert.deepEqual(qr, {
    class: "qr",
    role: "img",
    "aria-label": "QR code to add this account to an authenticator app",
  });
  const svg = qrSvg(URI);
  const [, size, d] = /viewBox="0 0 (\d+) \d+".*<path fill="black" d="([^"]+)"/.exec(svg) ?? [];
  assert.ok(size && d);
  assert.ok(
    page.body.includes(
      `<div class="qr" role="img" aria-label="QR code to add this account to an authenticator app"><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}"><rect fill="white" width="${size}" height="${size}"></rect><path fill="black" d="${d}"></path></svg></div>`,
    ),
  );
  // Neither the secret nor the URI is in the markup as a URL: only as the key's text below.
  assert.ok(!page.body.includes("otpauth:"));
  assert.ok(!page.body.includes(SECRET));
});

test("two-factor setup: the key as text in groups of four", () => {
  assert.equal(groupedKey(SECRET), "JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP");
  assert.equal(groupedKey("ABCDE"), "ABCD E");
  assert.equal(groupedKey(""), "");
  assert.match(setup().body, /<strong class="secret">JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP<\/strong>/);
});

test("two-factor setup: the code form and the new-key form post to BASE/two-factor-setup", () => {
  const [code, newKey, ...rest] = forms(setup().body);
  assert.equal(rest.length, 0);
  for (const form of [code, newKey]) {
    assert.equal(form?.method, "post");
    assert.equal(form?.action, "http://localhost:3000/api/auth/two-factor-setup");
    assert.deepEqual(field(form?.body ?? "", "csrfToken"), {
      type: "hidden",
      name: "csrfToken",
      value: "csrf-1",
    });
    assert.equal(field(form?.body ?? "", "callbackUrl")?.value, "http://localhost:3000/home");
  }
  assert.deepEqual(field(code?.body ?? "", "code"), {
    id: "two-factor-setup-code",
    type: "text",
    autocomplete: "one-time-code",
    inputmode: "numeric",
    required: "",
    maxlength: "7",
    "aria-describedby": "two-factor-setup-code-hint",
    name: "code",
  });
  assert.match(
    code?.body ?? "",
    /<button type="submit" class="button">Turn on two-factor authentication<\/button>/,
  );
  assert.deepEqual(field(newKey?.body ?? "", "newKey"), { type: "hidden", name: "newKey", value: "1" });
  assert.equal(field(newKey?.body ?? "", "code"), undefined);
  assert.match(newKey?.body ?? "", /<button type="submit" class="link-button">Get a new key<\/button>/);
});

test("two-factor setup: a wrong code is shown in the error box and marks the field", () => {
  const body = setup({ error: "TwoFactorCodeInvalid" }).body;
  assert.ok(
    body.includes(
      `<div class="alert" role="alert" id="form-error" tabindex="-1" autofocus="">${errorCatalogue.TwoFactorCodeInvalid.message}</div>`,
    ),
  );
  const input = field(body, "code");
  assert.equal(input?.["aria-invalid"], "true");
  assert.equal(input?.["aria-describedby"], "two-factor-setup-code-hint form-error");
  assert.match(setup({ error: "MissingCSRF" }).body, new RegExp(errorCatalogue.MissingCSRF.message));
  assert.match(
    setup({ error: "Configuration" }).body,
    /role="alert" id="form-error" tabindex="-1" autofocus="">Unable to check the code\.</,
  );
  assert.doesNotMatch(setup().body, /role="alert"/);
});

test("backup codes page: the codes once, as a list, and a Continue link to the callback URL", () => {
  const codes = Array.from({ length: 10 }, (_, i) => `abcde-2345${i}`);
  const page = render({
    page: "two-factor-backup-codes",
    backupCodes: codes,
    continueUrl: "http://localhost:3000/home",
  });
  assert.equal(page.status, 200);
  assert.equal(page.headers["Cache-Control"], "no-store");
  assert.match(
    page.body,
    /<h1>Save your backup codes<\/h1><div class="notice" role="status">Two-factor authentication is on\.<\/div>/,
  );
  assert.ok(
    page.body.includes(
      `<ul class="codes" aria-label="Backup codes">${codes.map((c) => `<li>${c}</li>`).join("")}</ul>`,
    ),
  );
  assert.deepEqual(tags(page.body, "a"), [{ class: "button", href: "http://localhost:3000/home" }]);
  assert.match(page.body, />Continue<\/a>/);
  assert.doesNotMatch(page.body, /<form|<script/);
});
