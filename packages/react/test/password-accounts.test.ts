// The password functions against the real Gatehouse handler with the Password provider: every request
// goes through `gatehouse().handler` with browser-like cookies, and mails are caught from `sendMail`.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { loadCommonPasswords } from "@gatehouse/common-passwords";
import { Credentials, type GatehouseOptions, gatehouse, Password, type PasswordMail } from "@gatehouse/core";
import { createMemoryAdapter } from "@gatehouse/core/memory";
import { createAuthClient, createSessionStore } from "../src/index.ts";
import { createCookieJar } from "../src/test/cookie-jar.ts";

const ORIGIN = "http://localhost:3000";
const BASE = `${ORIGIN}/api/auth`;
const EMAIL = "ada@example.com";
const PASSWORD = "correct horse battery staple";
const NEW_PASSWORD = "a quite different passphrase";
const CLIENT_ADDRESS = "203.0.113.5";

function setup(options: Partial<GatehouseOptions> = {}) {
  const mails: PasswordMail[] = [];
  const waiting: Array<(mail: PasswordMail) => void> = [];
  const adapter = createMemoryAdapter();
  const auth = gatehouse({
    secret: "react-client-secret-react-client-secret-0123",
    url: BASE,
    adapter,
    logger: { error() {}, warn() {} },
    providers: [
      Password({
        sendMail: async (mail) => {
          mails.push(mail);
          for (const wake of waiting.splice(0)) wake(mail);
        },
        requireEmailVerification: false,
        breachedPasswords: loadCommonPasswords,
      }),
      // Signs in a stored user who has no password (as an OAuth or email-link user would be).
      Credentials({
        credentials: { email: {} },
        authorize: async ({ email }) => (email ? await adapter.getUserByEmail(email) : null),
      }),
    ],
    ...options,
  });
  const handler = (request: Request) => auth.handler(request, { clientAddress: CLIENT_ADDRESS });
  const jar = createCookieJar((input, init) => handler(new Request(input, init)));
  const client = createAuthClient({ baseUrl: ORIGIN, fetch: jar.fetch, navigate: () => assert.fail() });
  // A browser that keeps no cookies: its CSRF token never matches.
  const cookieless = createAuthClient({
    baseUrl: ORIGIN,
    fetch: (input, init) => handler(new Request(input, init)),
  });

  // Mails go out in the background (the answer must not wait for them): wait for the one wanted.
  function mail(kind: PasswordMail["kind"]): Promise<PasswordMail> {
    const sent = mails.find((m) => m.kind === kind);
    if (sent) return Promise.resolve(sent);
    return new Promise((resolve) => {
      const wake = (m: PasswordMail) => (m.kind === kind ? resolve(m) : waiting.push(wake));
      waiting.push(wake);
    });
  }

  const signUpAndIn = async () => {
    assert.equal((await client.signUp({ email: EMAIL, password: PASSWORD })).ok, true);
    const signedIn = await client.signIn("password", { email: EMAIL, password: PASSWORD, redirect: false });
    assert.equal(signedIn.ok, true);
  };
  return { adapter, client, cookieless, jar, mails, mail, signUpAndIn };
}

// Resolves with the next message on the cross-tab channel, as another tab would see it.
function nextBroadcast(): Promise<unknown> {
  const channel = new BroadcastChannel("gatehouse");
  return new Promise((resolve) => {
    channel.onmessage = (event) => {
      channel.close();
      resolve(event.data);
    };
  });
}

describe("signUp", () => {
  test("creates the account: 'check your email', and the verification mail", async () => {
    const t = setup();
    const result = await t.client.signUp({ email: EMAIL, password: PASSWORD, name: "Ada" });
    assert.deepEqual(result, {
      ok: true,
      status: 200,
      // The page names the address it wrote to (encoded), the same whether or not it has an account.
      url: `${BASE}/verify-request?provider=password&type=signup&email=${encodeURIComponent(EMAIL)}`,
    });
    const mail = await t.mail("verify-email");
    assert.equal(mail.to, EMAIL);
    assert.equal((await t.adapter.getUserByEmail(EMAIL))?.name, "Ada");
  });

  test("an address that has an account gets the very same result (no account enumeration)", async () => {
    const t = setup();
    const first = await t.client.signUp({ email: EMAIL, password: PASSWORD });
    const again = await t.client.signUp({ email: EMAIL, password: "some other long password" });
    assert.deepEqual(again, first);
    assert.equal((await t.mail("account-exists")).to, EMAIL);
  });

  test("the policy's codes, with the 400 status", async () => {
    const t = setup();
    const cases = [
      [{ email: "not-an-address", password: PASSWORD }, "EmailInvalid"],
      [{ email: EMAIL, password: "short" }, "PasswordTooShort"],
      [{ email: EMAIL, password: "x".repeat(257) }, "PasswordTooLong"],
      [{ email: EMAIL, password: "password1" }, "PasswordBreached"],
    ] as const;
    for (const [input, error] of cases) {
      assert.deepEqual(await t.client.signUp(input), { ok: false, status: 400, error });
    }
    assert.equal(await t.adapter.getUserByEmail(EMAIL), null);
  });

  test("a cookieless browser gets MissingCSRF (403)", async () => {
    const t = setup();
    const result = await t.cookieless.signUp({ email: EMAIL, password: PASSWORD });
    assert.deepEqual(result, { ok: false, status: 403, error: "MissingCSRF" });
  });

  test("over the rate limit: RateLimited (429) with retryAfter and the server's message", async () => {
    const t = setup({ rateLimit: { rules: { signUp: { ip: { limit: 1, windowMs: 60_000 } } } } });
    assert.equal((await t.client.signUp({ email: EMAIL, password: PASSWORD })).ok, true);
    const limited = await t.client.signUp({ email: "grace@example.com", password: PASSWORD });
    assert.deepEqual(limited, {
      ok: false,
      status: 429,
      error: "RateLimited",
      message: "Too many attempts. Wait a moment, then try again.",
      retryAfter: 60,
    });
  });
});

describe("signIn with the password provider (listed as credentials)", () => {
  test("the right password signs in; a wrong one is CredentialsSignin (401)", async () => {
    const t = setup();
    assert.equal((await t.client.getProviders())?.password?.type, "credentials");
    await t.client.signUp({ email: EMAIL, password: PASSWORD });
    const wrong = await t.client.signIn("password", { email: EMAIL, password: "wrong", redirect: false });
    assert.deepEqual(wrong, { ok: false, status: 401, error: "CredentialsSignin", url: null });
    assert.equal(await t.client.getSession(), null);
    const right = await t.client.signIn("password", {
      email: EMAIL,
      password: PASSWORD,
      callbackUrl: "/home",
      redirect: false,
    });
    assert.deepEqual(right, { ok: true, status: 200, error: null, url: `${ORIGIN}/home` });
    assert.equal((await t.client.getSession())?.user?.email, EMAIL);
  });
});

describe("requestPasswordReset + resetPassword", () => {
  test("the link from the mail sets a new password once; this browser is signed out", async () => {
    const t = setup();
    await t.signUpAndIn();
    const expected = {
      ok: true,
      status: 200,
      url: `${BASE}/verify-request?provider=password&type=reset-password&email=${encodeURIComponent(EMAIL)}`,
    };
    assert.deepEqual(await t.client.requestPasswordReset({ email: EMAIL }), expected);
    const link = new URL((await t.mail("reset-password")).url);
    const token = link.searchParams.get("token") ?? "";
    const email = link.searchParams.get("email") ?? "";
    const user = link.searchParams.get("user") ?? "";
    assert.equal(email, EMAIL);

    // A refused password leaves the link usable.
    const refused = await t.client.resetPassword({ token, email, user, password: "short" });
    assert.deepEqual(refused, { ok: false, status: 400, error: "PasswordTooShort" });

    const message = nextBroadcast();
    const reset = await t.client.resetPassword({
      token,
      email,
      user,
      password: NEW_PASSWORD,
      callbackUrl: "/home",
    });
    assert.equal(reset.ok, true);
    const next = new URL(reset.ok ? reset.url : "");
    assert.equal(next.origin + next.pathname, `${BASE}/signin`);
    // The address was never verified (this setup signs in without it): the reset link is its first
    // proof and claims the account for whoever holds the mailbox (docs/account.md).
    assert.equal(next.searchParams.get("notice"), "account-secured");
    assert.equal(next.searchParams.get("callbackUrl"), `${ORIGIN}/home`);
    assert.deepEqual(((await message) as { data: unknown }).data, { trigger: "getSession" });
    assert.equal(await t.client.getSession(), null);

    // Used once: the same link again is PasswordResetInvalid (403, the error page's code).
    const reused = await t.client.resetPassword({ token, email, user, password: "yet another passphrase" });
    assert.deepEqual(reused, { ok: false, status: 403, error: "PasswordResetInvalid" });

    const old = await t.client.signIn("password", { email: EMAIL, password: PASSWORD, redirect: false });
    assert.equal(old.error, "CredentialsSignin");
    const fresh = await t.client.signIn("password", {
      email: EMAIL,
      password: NEW_PASSWORD,
      redirect: false,
    });
    assert.equal(fresh.ok, true);
  });

  test("an unknown address gets the same answer; an invalid one EmailInvalid", async () => {
    const t = setup();
    assert.deepEqual(await t.client.requestPasswordReset({ email: "nobody@example.com" }), {
      ok: true,
      status: 200,
      url: `${BASE}/verify-request?provider=password&type=reset-password&email=nobody%40example.com`,
    });
    assert.deepEqual(await t.client.requestPasswordReset({ email: "nobody" }), {
      ok: false,
      status: 400,
      error: "EmailInvalid",
    });
  });

  test("a made-up token is PasswordResetInvalid", async () => {
    const t = setup();
    await t.client.signUp({ email: EMAIL, password: PASSWORD });
    const result = await t.client.resetPassword({
      token: "made-up",
      email: EMAIL,
      user: "someone",
      password: NEW_PASSWORD,
    });
    assert.deepEqual(result, { ok: false, status: 403, error: "PasswordResetInvalid" });
  });
});

describe("changePassword", () => {
  test("ok: the new password works, this session stays, other tabs are told", async () => {
    const t = setup();
    await t.signUpAndIn();
    const message = nextBroadcast();
    assert.deepEqual(
      await t.client.changePassword({ currentPassword: PASSWORD, newPassword: NEW_PASSWORD }),
      {
        ok: true,
        status: 200,
      },
    );
    assert.deepEqual(((await message) as { data: unknown }).data, { trigger: "getSession" });
    assert.equal((await t.client.getSession())?.user?.email, EMAIL);
    assert.equal((await t.mail("password-changed")).to, EMAIL);
    await t.client.signOut({ redirect: false });
    const fresh = await t.client.signIn("password", {
      email: EMAIL,
      password: NEW_PASSWORD,
      redirect: false,
    });
    assert.equal(fresh.ok, true);
  });

  test("this tab's session store reads the session again", async () => {
    const t = setup();
    await t.signUpAndIn();
    const store = createSessionStore(t.client, await t.client.getSession());
    const stop = store.start(
      { refetchOnWindowFocus: false },
      { BroadcastChannel, setInterval: globalThis.setInterval, clearInterval: globalThis.clearInterval },
    );
    try {
      const reread = new Promise<void>((resolve) => store.subscribe(resolve));
      await t.client.changePassword({ currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
      await reread;
      assert.equal(store.getSnapshot().status, "authenticated");
    } finally {
      stop();
    }
  });

  test("a wrong current password: CurrentPasswordIncorrect (403) with the server's message", async () => {
    const t = setup();
    await t.signUpAndIn();
    const result = await t.client.changePassword({ currentPassword: "wrong", newPassword: NEW_PASSWORD });
    assert.deepEqual(result, {
      ok: false,
      status: 403,
      error: "CurrentPasswordIncorrect",
      message: "The current password is not correct.",
    });
  });

  test("a refused new password keeps the policy code", async () => {
    const t = setup();
    await t.signUpAndIn();
    const result = await t.client.changePassword({ currentPassword: PASSWORD, newPassword: "password1" });
    assert.equal(result.ok || result.error, "PasswordBreached");
    assert.equal(result.status, 400);
  });

  test("signed out: SessionRequired (401); a cookieless browser: MissingCSRF (403)", async () => {
    const t = setup();
    const input = { currentPassword: PASSWORD, newPassword: NEW_PASSWORD };
    const signedOut = await t.client.changePassword(input);
    assert.equal(signedOut.ok || signedOut.error, "SessionRequired");
    assert.equal(signedOut.status, 401);
    assert.deepEqual(await t.cookieless.changePassword(input), {
      ok: false,
      status: 403,
      error: "MissingCSRF",
    });
  });

  test("an account without a password: PasswordNotSet (409)", async () => {
    const t = setup();
    await t.adapter.createUser({ email: EMAIL, name: null, emailVerified: null, image: null });
    assert.equal((await t.client.signIn("credentials", { email: EMAIL, redirect: false })).ok, true);
    const result = await t.client.changePassword({ currentPassword: "", newPassword: NEW_PASSWORD });
    assert.equal(result.ok || result.error, "PasswordNotSet");
    assert.equal(result.status, 409);
  });
});

describe("setPassword", () => {
  test("an account without a password sets one, then signs in with it; a second time is PasswordAlreadySet", async () => {
    const t = setup();
    await t.adapter.createUser({ email: EMAIL, name: null, emailVerified: null, image: null });
    assert.equal((await t.client.signIn("credentials", { email: EMAIL, redirect: false })).ok, true);
    assert.deepEqual(await t.client.setPassword({ newPassword: NEW_PASSWORD }), { ok: true, status: 200 });
    const again = await t.client.setPassword({ newPassword: "yet another passphrase" });
    assert.deepEqual(again, {
      ok: false,
      status: 409,
      error: "PasswordAlreadySet",
      message: "This account already has a password: change it instead.",
    });
    await t.client.signOut({ redirect: false });
    const signedIn = await t.client.signIn("password", {
      email: EMAIL,
      password: NEW_PASSWORD,
      redirect: false,
    });
    assert.equal(signedIn.ok, true);
  });

  test("a password account: PasswordAlreadySet", async () => {
    const t = setup();
    await t.signUpAndIn();
    const result = await t.client.setPassword({ newPassword: NEW_PASSWORD });
    assert.equal(result.ok || result.error, "PasswordAlreadySet");
  });
});

test("a network failure is a NetworkError result, not a throw", async () => {
  const offline = createAuthClient({
    baseUrl: ORIGIN,
    fetch: async () => {
      throw new TypeError("fetch failed");
    },
  });
  const down = { ok: false, status: 0, error: "NetworkError" };
  assert.deepEqual(await offline.signUp({ email: EMAIL, password: PASSWORD }), down);
  assert.deepEqual(await offline.requestPasswordReset({ email: EMAIL }), down);
  assert.deepEqual(
    await offline.resetPassword({ token: "t", email: EMAIL, user: "u", password: PASSWORD }),
    down,
  );
  assert.deepEqual(await offline.changePassword({ currentPassword: "a", newPassword: "b" }), down);
  assert.deepEqual(await offline.setPassword({ newPassword: "b" }), down);
});
