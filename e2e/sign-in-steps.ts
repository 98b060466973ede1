// Steps the browser tests share: a virtual authenticator, an authenticator app's codes, the built-in
// pages' forms (sign-in, sign-up, sign-out), the dev mailbox's links, the session, and JSON endpoints
// called from the page.
import assert from "node:assert/strict";
import { Secret, TOTP } from "otpauth";
import type { BrowserContext, CDPSession, Page } from "playwright-core";
import type { DevMailKind } from "../apps/web/src/server/dev-mailbox.ts";
import type { WebApp } from "../apps/web/src/server/start.ts";

export const SHOTS = "/tmp/shots";

/**
 * A platform authenticator (resident keys, user verification) over the DevTools protocol: Chromium
 * answers `navigator.credentials` with it, and with `automaticPresenceSimulation` no person has to
 * touch it. One per page; its credentials live as long as the page's target.
 */
export async function addVirtualAuthenticator(
  context: BrowserContext,
  page: Page,
): Promise<{ cdp: CDPSession; authenticatorId: string; presence(enabled: boolean): Promise<void> }> {
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    cdp,
    authenticatorId,
    /** Whether the authenticator answers by itself (as a person touching it would). */
    async presence(enabled) {
      await cdp.send("WebAuthn.setAutomaticPresenceSimulation", { authenticatorId, enabled });
    },
  };
}

/** The code an authenticator app holding `secret` shows `offsetSteps` steps of 30 s from now. */
export function totp(secret: string, offsetSteps = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });
}

/**
 * The newest link of this kind the dev mailbox caught for `to` (mails go out in the background), of a
 * mail sent at `after` (epoch milliseconds) or later.
 */
export async function mailLink(
  web: WebApp,
  kind: DevMailKind,
  to: string,
  { after = 0 }: { after?: number } = {},
): Promise<string> {
  const mailbox = web.devMailbox;
  assert.ok(mailbox, "development mode has a dev mailbox");
  const started = Date.now();
  while (Date.now() - started < 5000) {
    const mail = mailbox
      .messages()
      .find((message) => message.kind === kind && message.to === to && message.at.getTime() >= after);
    if (mail) return mail.url;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no ${kind} mail for ${to}`);
}

// The built-in pages found by structure — a form by its action, a field by its name — not by their
// words: these steps work in any language.

/** The built-in page's form that posts to `/api/auth/<action>`. */
export function authForm(page: Page, action: string) {
  return page.locator(`form[action$="/api/auth/${action}"]`);
}

/** Submits the built-in page's form that posts to `action` and waits for the page it leads to. */
export async function submitAuthForm(page: Page, action: string): Promise<void> {
  await Promise.all([
    page.waitForEvent("load"),
    authForm(page, action).locator("button[type=submit]").click(),
  ]);
}

/**
 * Signs in on the built-in page's password form, opened for `callbackUrl` (default /protected); leaves
 * the page where the sign-in went.
 */
export async function signInWithForm(
  page: Page,
  web: WebApp,
  { email, password, callbackUrl = "/protected" }: { email: string; password: string; callbackUrl?: string },
): Promise<void> {
  await page.goto(`${web.url}/api/auth/signin?callbackUrl=${encodeURIComponent(callbackUrl)}`);
  await authForm(page, "callback/password").locator("input[name=email]").fill(email);
  await authForm(page, "callback/password").locator("input[name=password]").fill(password);
  await submitAuthForm(page, "callback/password");
}

/** Signs up on the built-in page; unless `verify` is false, confirms the address from the dev mailbox. */
export async function signUpWithForm(
  page: Page,
  web: WebApp,
  {
    email,
    password,
    name = "",
    verify = true,
  }: { email: string; password: string; name?: string; verify?: boolean },
): Promise<void> {
  await page.goto(`${web.url}/api/auth/signup`);
  await authForm(page, "signup").locator("input[name=email]").fill(email);
  if (name) await authForm(page, "signup").locator("input[name=name]").fill(name);
  await authForm(page, "signup").locator("input[name=password]").fill(password);
  await submitAuthForm(page, "signup");
  if (!verify) return;
  await page.goto(await mailLink(web, "verify-email", email));
  await submitAuthForm(page, "verify-email");
}

/** The sign-in page's email-and-password form (the Email provider's form has an Email field too). */
export function passwordForm(page: Page) {
  return page.locator("form", { has: page.getByRole("button", { name: "Sign in with Email and password" }) });
}

/** Fills and posts the password form of the sign-in page (opened for `callbackUrl`, default /protected). */
export async function signInWithPassword(
  page: Page,
  web: WebApp,
  account: { email: string; password: string },
): Promise<void> {
  await page.goto(`${web.url}/api/auth/signin?callbackUrl=%2Fprotected`);
  const form = passwordForm(page);
  await form.getByLabel("Email").fill(account.email);
  await form.getByLabel("Password").fill(account.password);
  await form.getByRole("button", { name: "Sign in with Email and password" }).click();
}

/**
 * Signs out on the built-in sign-out page, to the home page, and checks the session is gone. Not back
 * to the last callback URL (/protected): its guard would open the sign-in page, whose passkey
 * autofill may sign the browser in again at once.
 */
export async function signOut(page: Page, web: WebApp): Promise<void> {
  await page.goto(`${web.url}/api/auth/signout?callbackUrl=%2F`);
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL(`${web.url}/`);
  assert.equal(await sessionEmail(page, web), null);
}

/** The signed-in address of the page's browser, or null. */
export async function sessionEmail(page: Page, web: WebApp): Promise<string | null> {
  const response = await page.context().request.get(`${web.url}/api/auth/session`);
  assert.equal(response.status(), 200);
  const session = (await response.json()) as { user?: { email?: string } };
  return session.user?.email ?? null;
}

/**
 * Posts a JSON auth endpoint from inside the page, as an account page's script would: with the CSRF
 * token of `GET csrf`, the browser's cookies and its Origin. Answers the status and the JSON.
 */
export async function postFromPage(
  page: Page,
  action: string,
  fields: Record<string, string> = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  return page.evaluate(
    async ({ action, fields }) => {
      const { csrfToken } = (await (await fetch("/api/auth/csrf")).json()) as { csrfToken: string };
      const response = await fetch(`/api/auth/${action}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ csrfToken, ...fields }),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
    { action, fields },
  );
}

/**
 * Registers a passkey for the signed-in user from the page: `passkey-register-options`, the browser's
 * `navigator.credentials.create()` (the virtual authenticator answers), `passkey-register`.
 */
export async function registerPasskey(page: Page, name: string): Promise<Record<string, unknown>> {
  const answer = await page.evaluate(async (name) => {
    const post = async (action: string, fields: Record<string, string>) => {
      const { csrfToken } = (await (await fetch("/api/auth/csrf")).json()) as { csrfToken: string };
      const response = await fetch(`/api/auth/${action}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ csrfToken, ...fields }),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const start = await post("passkey-register-options", {});
    if (start.status !== 200) return start;
    const publicKey = PublicKeyCredential.parseCreationOptionsFromJSON(
      start.body.options as PublicKeyCredentialCreationOptionsJSON,
    );
    const credential = (await navigator.credentials.create({ publicKey })) as PublicKeyCredential;
    return post("passkey-register", { response: JSON.stringify(credential.toJSON()), name });
  }, name);
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body;
}
