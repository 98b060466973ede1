import assert from "node:assert/strict";
import { type DevProvider, startDevProvider } from "@gatehouse/dev-provider";
import { webAuthn } from "@gatehouse/passkeys";
import { totp } from "@gatehouse/two-factor";
import type { Adapter } from "../../src/adapter/adapter.ts";
import { Email, gatehouse, OIDC, Password, type PasswordMail } from "../../src/index.ts";
import { browsers } from "./browsers.ts";
import {
  APP,
  entriesLogger,
  errorOf,
  formFields,
  oidcSignIn,
  SECRET,
  sessionOf,
  sessionTokenSet,
  type TestBrowser,
} from "./flows.ts";
import { PASSWORD } from "./seed.ts";

export { PASSWORD };
export const ATTACKER_PASSWORD = "mallory's own password 1234";
export const OWNER_PASSWORD = "the owner chose this one 5678";
/** The suites' `admin.bootstrapEmails` address. */
export const BOSS = "boss@example.test";

/** What the takeover suites call on storage directly (seeding, and looking at what is left). */
export type TakeoverAdapter = Adapter &
  Required<
    Pick<
      Adapter,
      | "createUser"
      | "getUser"
      | "getUserByEmail"
      | "getUserByAccount"
      | "setPasswordHash"
      | "getPasswordHash"
      | "listPasskeys"
      | "getTwoFactor"
      | "listAccountsByUserId"
      | "listSessionRecordIds"
      | "queryAudit"
      | "bumpSecurityGeneration"
    >
  >;

/**
 * The OpenID provider of the suites: `lax` stands for a provider that does not vouch for addresses
 * (no email linking), `trusting` for one whose verified address may link to an existing user
 * (`allowDangerousEmailAccountLinking`). Its user names become `<name>@example.test`, verified.
 */
export function startProviders(): Promise<DevProvider> {
  return startDevProvider({
    clients: ["lax", "trusting"].map((id) => ({
      client_id: id,
      client_secret: `${id}-secret`,
      redirect_uris: [`${APP}/api/auth/callback/${id}`],
    })),
  });
}

/** A step of a storage method the test runs first: how a race is staged at an exact point. */
type Hook = (...args: unknown[]) => Promise<void>;

/**
 * A Gatehouse with every way in an attacker could use before an address is proven — a password
 * and a passkey-only sign-up that sign in without verification, a provider that does not vouch for
 * addresses — and every way its owner proves it: an email sign-in link, a password reset link, a
 * provider that vouches for the address. Two-factor is on offer. Rate limits are off (the suites
 * are about takeovers, not throttling); mails and sign-in links are kept.
 *
 * `before(method, hook)` runs `hook` once, the next time core calls that storage method, before
 * the method itself (`after`: once it answered, before core sees the answer): a race staged at an
 * exact point, on the real storage.
 */
export function takeoverApp(adapter: TakeoverAdapter, strategy: "jwt" | "database", op: DevProvider) {
  // Real time, moved on by the tests: the provider's ID tokens are checked against this clock.
  const clock = { now: Date.now() };
  const mails: PasswordMail[] = [];
  const links: { to: string; url: string }[] = [];
  const hooks = new Map<string, Hook>();
  const afterHooks = new Map<string, Hook>();
  const hooked = new Proxy(adapter, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== "function" || typeof property !== "string") return value;
      return async (...args: unknown[]) => {
        const hook = hooks.get(property);
        if (hook) {
          hooks.delete(property);
          await hook(...args);
        }
        const result = await (value as (...a: unknown[]) => unknown).apply(target, args);
        const then = afterHooks.get(property);
        if (then) {
          afterHooks.delete(property);
          await then(...args);
        }
        return result;
      };
    },
  });
  const logger = entriesLogger();
  const auth = gatehouse({
    secret: SECRET,
    url: `${APP}/api/auth`,
    adapter: hooked,
    session: { strategy },
    providers: [
      Password({
        requireEmailVerification: false,
        sendMail: async (mail) => {
          mails.push(mail);
        },
      }),
      Email({
        sendVerificationRequest: async ({ identifier, url }) => {
          links.push({ to: identifier, url });
        },
      }),
      OIDC({ id: "lax", name: "Lax", issuer: op.issuer, clientId: "lax", clientSecret: "lax-secret" }),
      OIDC({
        id: "trusting",
        name: "Trusting",
        issuer: op.issuer,
        clientId: "trusting",
        clientSecret: "trusting-secret",
        allowDangerousEmailAccountLinking: true,
      }),
    ],
    passkeys: { webAuthn: webAuthn(), requireEmailVerification: false },
    // An address that makes an administrator once verified: it must take a real proof.
    admin: { bootstrapEmails: [BOSS] },
    twoFactor: { totp: totp(), issuer: "Gatehouse Test" },
    rateLimit: false,
    // The user's id on the session, either strategy (jwt: the token's subject).
    callbacks: {
      session: ({ session, user, token }) => ({
        ...session,
        user: { ...session.user, id: user?.id ?? (typeof token?.sub === "string" ? token.sub : undefined) },
      }),
    },
    logger,
    now: () => clock.now,
  });
  const browser = browsers(auth.handler, (n) => `198.51.100.${n}`);

  /** Waits for the `n`th mail of `kind` to `to` (account mails go out in the background). */
  async function mailTo(to: string, kind: PasswordMail["kind"], n = 1): Promise<PasswordMail> {
    for (let i = 0; i < 400; i++) {
      const found = mails.filter((mail) => mail.to === to && mail.kind === kind);
      if (found.length >= n) return found[n - 1]!;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    throw new Error(`no mail #${n} of kind ${kind} to ${to} arrived`);
  }

  return {
    auth,
    adapter,
    clock,
    mails,
    links,
    logger,
    browser,
    mailTo,
    before(method: keyof Adapter, hook: Hook) {
      hooks.set(method, hook);
    },
    after(method: keyof Adapter, hook: Hook) {
      afterHooks.set(method, hook);
    },
  };
}

export type TakeoverApp = ReturnType<typeof takeoverApp>;

/** Posts a form endpoint with this browser's CSRF token (the page forms' fields). */
export async function postForm(browser: TestBrowser, path: string, fields: Record<string, string>) {
  const csrfToken = await browser.csrf();
  return browser.request(path, { form: { csrfToken, callbackUrl: `${APP}/home`, ...fields } });
}

/** Posts a JSON endpoint with this browser's CSRF token. */
export async function postJson(browser: TestBrowser, action: string, body: Record<string, string> = {}) {
  const csrfToken = await browser.csrf();
  const response = await browser.request(`/api/auth/${action}`, { json: { csrfToken, ...body } });
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, response };
}

/** Signs up with a password (no session: sign-up never signs in). */
export async function signUp(browser: TestBrowser, email: string, password = ATTACKER_PASSWORD, name = "") {
  const answer = await postForm(browser, "/api/auth/signup", { email, password, name });
  assert.equal(answer.status, 302);
}

/** Signs in with a password; the answer. */
export function passwordSignIn(browser: TestBrowser, email: string, password: string): Promise<Response> {
  return postForm(browser, "/api/auth/callback/password", { email, password });
}

/** Opens a mailed link's page and posts its form as the person would; the answer. */
export async function follow(
  browser: TestBrowser,
  url: string,
  action: string,
  values: Record<string, string> = {},
) {
  const link = new URL(url);
  const page = await browser.request(link.pathname + link.search);
  assert.equal(page.status, 200, `${link.pathname} opens (${errorOf(page)})`);
  return browser.request(action, { form: { ...formFields(await page.text()), ...values } });
}

/** Asks for an email sign-in link for `email` and follows it in `browser`; the callback's answer. */
export async function emailSignIn(
  app: Pick<TakeoverApp, "links">,
  browser: TestBrowser,
  email: string,
): Promise<Response> {
  const sent = app.links.length;
  const asked = await postForm(browser, "/api/auth/signin/email", { email });
  assert.equal(asked.status, 302);
  const link = app.links.slice(sent).find((each) => each.to === email);
  assert.ok(link, "a sign-in link was sent");
  return follow(browser, link.url, "/api/auth/callback/email");
}

/** A provider sign-in at the dev provider as `username`, in `browser`. */
export function providerSignIn(browser: TestBrowser, op: DevProvider, provider: string, username: string) {
  return oidcSignIn(browser, op, provider, username);
}

/** The user id this browser is signed in as, or undefined. */
export async function signedInAs(browser: TestBrowser): Promise<string | undefined> {
  const session = (await sessionOf(browser)) as { user?: { id?: string } };
  return session.user?.id;
}

/** Whether this answer signed the browser in (set a session cookie). */
export function signedIn(answer: Response): boolean {
  return sessionTokenSet(answer) !== undefined;
}

/** The audit entries of `kind` about `userId`, newest first. */
export async function auditOf(app: TakeoverApp, userId: string, kind: string) {
  const { entries } = await app.adapter.queryAudit({ userId, kinds: [kind], limit: 50 });
  return entries;
}
