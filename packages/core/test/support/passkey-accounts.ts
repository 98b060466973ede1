import assert from "node:assert/strict";
import { webAuthn } from "@gatehouse/passkeys";
import { createSoftwareAuthenticator, type SoftwareAuthenticator } from "@gatehouse/passkeys/testing";
import { totp } from "@gatehouse/two-factor";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import type { Adapter } from "../../src/adapter/adapter.ts";
import { type GatehouseOptions, gatehouse, Password, type PasswordMail } from "../../src/index.ts";
import { browsers } from "./browsers.ts";
import { APP, entriesLogger, SECRET, sessionOf, sessionTokenSet, type TestBrowser } from "./flows.ts";
import { seedPasswordUser } from "./seed.ts";
import { firstFactor } from "./two-factor-accounts.ts";

/** The RP ID and origin of the test app (`APP` is http://localhost:3000). */
export const RP_ID = "localhost";
export const CALLBACK = `${APP}/home`;

/** What the suite calls on storage directly: seeding users and looking at what was stored. */
export type PasskeySuiteAdapter = Adapter &
  Required<
    Pick<
      Adapter,
      | "createUser"
      | "getUser"
      | "getUserByEmail"
      | "setPasswordHash"
      | "getPasskey"
      | "listPasskeys"
      | "setUserDisabled"
      | "getTwoFactor"
    >
  >;

export interface PasskeyAppOptions {
  strategy: "jwt" | "database";
  rateLimit?: false;
  twoFactor?: GatehouseOptions["twoFactor"];
  requireEmailVerification?: boolean;
}

/**
 * A Gatehouse with the Password provider and passkeys on `adapter`, a clock the test moves
 * (`clock.now`, ms) and the account mails kept in `mails` (they go out in the background: `mailTo`).
 */
export function passkeyApp(adapter: PasskeySuiteAdapter, options: PasskeyAppOptions) {
  const logger = entriesLogger();
  const clock = { now: Date.UTC(2026, 0, 5, 9, 0, 0) };
  const mails: PasswordMail[] = [];
  const auth = gatehouse({
    secret: SECRET,
    url: `${APP}/api/auth`,
    adapter,
    providers: [
      Password({
        sendMail: async (mail) => {
          mails.push(mail);
        },
      }),
    ],
    passkeys: {
      webAuthn: webAuthn(),
      ...(options.requireEmailVerification === undefined
        ? {}
        : { requireEmailVerification: options.requireEmailVerification }),
    },
    session: { strategy: options.strategy },
    logger,
    now: () => clock.now,
    twoFactor: { totp: totp(), issuer: "Gatehouse Test", ...options.twoFactor },
    ...(options.rateLimit === false ? { rateLimit: false } : {}),
  });
  /** A browser on its own client address. */
  const browser = browsers(auth.handler, (n) => `100.64.${Math.floor(n / 250)}.${(n % 250) + 1}`);
  /** A verified user with `PASSWORD`; their id. */
  const seedUser = (email: string) => seedPasswordUser(adapter, email, { now: clock.now });
  /** The log entries with this code. */
  const logged = (code: string) => logger.entries.filter((entry) => entry.code === code);
  return { auth, adapter, logger, logged, clock, mails, browser, seedUser };
}

export type PasskeyApp = ReturnType<typeof passkeyApp>;

/** A JSON endpoint's answer: status, parsed body and the response (for its cookies). */
export interface JsonAnswer {
  status: number;
  body: Record<string, unknown>;
  response: Response;
}

/** Posts a JSON endpoint with this browser's CSRF token. */
export async function post(
  browser: TestBrowser,
  action: string,
  body: Record<string, string> = {},
): Promise<JsonAnswer> {
  const csrfToken = await browser.csrf();
  const response = await browser.request(`/api/auth/${action}`, { json: { csrfToken, ...body } });
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, response };
}

/** The WebAuthn user handle of a user id, as an authenticator returns it (base64url of its UTF-8). */
export function userHandleOf(userId: string): string {
  return isoBase64URL.fromUTF8String(userId);
}

/** The options a ceremony endpoint answered with (asserting it did). */
export async function ceremonyOptions(
  browser: TestBrowser,
  action: "passkey-options" | "passkey-register-options" | "passkey-signup-options",
  body: Record<string, string> = {},
): Promise<{ challenge: string; user?: { id: string; name: string } } & Record<string, unknown>> {
  const answer = await post(browser, action, body);
  assert.equal(answer.status, 200, `${action}: ${JSON.stringify(answer.body)}`);
  const options = answer.body.options as { challenge: string };
  assert.equal(typeof options.challenge, "string");
  return options;
}

/** A passkey of the signed-in user in `browser`, registered through the endpoints. */
export async function registerPasskey(
  browser: TestBrowser,
  name?: string,
): Promise<{ authenticator: SoftwareAuthenticator; userHandle: string; answer: JsonAnswer }> {
  const authenticator = await createSoftwareAuthenticator();
  const options = await ceremonyOptions(browser, "passkey-register-options");
  const credential = await authenticator.register({ challenge: options.challenge, origin: APP, rpId: RP_ID });
  const answer = await post(browser, "passkey-register", {
    response: JSON.stringify(credential),
    ...(name === undefined ? {} : { name }),
  });
  assert.equal(answer.status, 200, `passkey-register: ${JSON.stringify(answer.body)}`);
  return { authenticator, userHandle: options.user!.id, answer };
}

/** What an assertion may change from an honest one. */
export type AssertionTweaks = Omit<Parameters<SoftwareAuthenticator["assert"]>[0], "challenge"> & {
  challenge?: string;
};

/** The assertion a browser would post for `challenge` (honest unless `tweaks` say otherwise). */
export async function assertion(
  authenticator: SoftwareAuthenticator,
  challenge: string,
  tweaks: Partial<AssertionTweaks> = {},
): Promise<string> {
  return JSON.stringify(await authenticator.assert({ challenge, origin: APP, rpId: RP_ID, ...tweaks }));
}

/** Posts a passkey sign-in with the assertion's JSON. */
export function postAssertion(browser: TestBrowser, response: string): Promise<JsonAnswer> {
  return post(browser, "passkey-signin", { response, callbackUrl: CALLBACK });
}

/** A whole passkey sign-in in `browser`: options, the authenticator's assertion, the post. */
export async function passkeySignIn(
  browser: TestBrowser,
  authenticator: SoftwareAuthenticator,
  tweaks: Partial<AssertionTweaks> = {},
): Promise<JsonAnswer> {
  const { challenge } = await ceremonyOptions(browser, "passkey-options");
  return postAssertion(browser, await assertion(authenticator, challenge, tweaks));
}

/**
 * Passkey-only sign-up's first step in `browser`, and what a new authenticator makes of its options:
 * the credential's JSON (`response`) and the id the account will have.
 */
export async function signUpCredential(
  browser: TestBrowser,
  email: string,
): Promise<{ authenticator: SoftwareAuthenticator; userId: string; response: string }> {
  const authenticator = await createSoftwareAuthenticator();
  const options = await ceremonyOptions(browser, "passkey-signup-options", { email, name: "Pat" });
  const userId = isoBase64URL.toUTF8String(options.user!.id);
  const credential = await authenticator.register({ challenge: options.challenge, origin: APP, rpId: RP_ID });
  return { authenticator, userId, response: JSON.stringify(credential) };
}

/** Posts sign-up's second step. */
export function postSignUp(browser: TestBrowser, response: string): Promise<JsonAnswer> {
  return post(browser, "passkey-signup", { response, callbackUrl: CALLBACK });
}

/** A passkey-only sign-up's two steps in `browser`, with its own new authenticator. */
export async function passkeySignUp(browser: TestBrowser, email: string) {
  const { authenticator, userId, response } = await signUpCredential(browser, email);
  return { authenticator, userId, answer: await postSignUp(browser, response) };
}

/**
 * Waits for the `n`th (1-based) mail of `kind` to `to` (account mails go out in the background) and
 * returns it.
 */
export async function mailTo(
  app: PasskeyApp,
  to: string,
  kind: PasswordMail["kind"],
  n = 1,
): Promise<PasswordMail> {
  for (let i = 0; i < 400; i++) {
    const found = mailsTo(app, to, kind);
    if (found.length >= n) return found[n - 1]!;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`no mail #${n} of kind ${kind} to ${to} arrived`);
}

/** The mails of `kind` to `to` sent so far. */
export function mailsTo(app: PasskeyApp, to: string, kind: PasswordMail["kind"]): PasswordMail[] {
  return app.mails.filter((mail) => mail.to === to && mail.kind === kind);
}

/** Lets background work (account mails) run, so a mail that should not come would have come. */
export async function settle(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 100));
}

/** A verified user with a password, signed in with it in `browser`, who then registered a passkey. */
export async function userWithPasskey(app: PasskeyApp, email: string) {
  const userId = await app.seedUser(email);
  const browser = app.browser();
  assert.ok(sessionTokenSet(await firstFactor(browser, email)));
  const { authenticator, userHandle } = await registerPasskey(browser);
  return { userId, browser, authenticator, userHandle };
}

/**
 * Asserts a refused passkey sign-in: `PasskeyInvalid` with its status and no session, and — when
 * `cause` is given — that the reason logged for this refusal (the latest) matches it, so a test
 * cannot pass on a refusal for another reason.
 */
export function assertRefused(app: PasskeyApp, answer: JsonAnswer, cause?: RegExp): void {
  assert.equal(answer.body.error, "PasskeyInvalid", JSON.stringify(answer.body));
  assert.equal(answer.status, 401);
  assert.equal(new URL(String(answer.body.url)).searchParams.get("error"), "PasskeyInvalid");
  assert.equal(sessionTokenSet(answer.response), undefined, "no session");
  if (cause) {
    const latest = app.logged("PasskeySignInFailed").at(-1)?.detail as { cause?: unknown } | undefined;
    assert.match(String(latest?.cause), cause);
  }
}

/** Asserts a passkey sign-in that ended in a session, at the callback URL, as `email`. */
export async function assertSignedIn(browser: TestBrowser, answer: JsonAnswer, email: string): Promise<void> {
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  assert.deepEqual(answer.body, { url: CALLBACK });
  assert.ok(sessionTokenSet(answer.response), "a session cookie");
  assert.equal((await sessionOf(browser)).user?.email, email);
}
