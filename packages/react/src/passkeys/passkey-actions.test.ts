import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { errorCatalogue } from "@gatehouse/core";
import { createAuthClient } from "../client/create-auth-client.ts";
import type { CookieJar } from "../test/cookie-jar.ts";
import { coreEndpoint, ORIGIN, PASSWORD } from "../test/core-endpoint.ts";
import { type SoftwareWebAuthn, softwareWebAuthn } from "../test/software-webauthn.ts";
import { passkeyClientWith, SERVER_CODES } from "./passkey-actions.ts";
import type { PasskeyClient } from "./types.ts";

interface Browser {
  jar: CookieJar;
  webauthn: SoftwareWebAuthn;
  passkeys: PasskeyClient;
  navigated: string[];
  /** Paths this browser requested, in order. */
  paths: string[];
  auth: ReturnType<typeof createAuthClient>;
}

async function setUp(options?: Parameters<typeof coreEndpoint>[0]) {
  const endpoint = coreEndpoint(options);
  async function browser(): Promise<Browser> {
    const jar = endpoint.browser();
    const paths: string[] = [];
    const fetch: typeof globalThis.fetch = (input, init) => {
      paths.push(new URL(String(input)).pathname);
      return jar.fetch(input, init);
    };
    const navigated: string[] = [];
    const webauthn = await softwareWebAuthn(ORIGIN);
    const common = { baseUrl: ORIGIN, fetch, navigate: (url: string) => void navigated.push(url) };
    return {
      jar,
      webauthn,
      navigated,
      paths,
      passkeys: passkeyClientWith(common, webauthn),
      auth: createAuthClient(common),
    };
  }
  /** A browser signed in with the password of a new user. */
  async function signedIn(email: string): Promise<Browser> {
    await endpoint.seedUser(email);
    const b = await browser();
    const result = await b.auth.signIn("password", { email, password: PASSWORD, redirect: false });
    assert.equal(result.ok, true, JSON.stringify(result));
    b.paths.length = 0;
    return b;
  }
  return { endpoint, browser, signedIn };
}

describe("passkeys of the signed-in user, against core", () => {
  it("register with a name, list, rename, delete", async () => {
    const { signedIn } = await setUp();
    const { passkeys, webauthn, paths } = await signedIn("ada@example.test");

    const added = await passkeys.registerPasskey({ name: "Work laptop" });
    assert.ok(added.ok, JSON.stringify(added));
    assert.equal(added.passkey.name, "Work laptop");
    assert.equal(added.passkey.id, webauthn.authenticator.id);
    assert.equal(added.passkey.lastUsedAt, null);
    assert.deepEqual(paths, [
      "/api/auth/csrf",
      "/api/auth/passkey-register-options",
      "/api/auth/csrf",
      "/api/auth/passkey-register",
    ]);
    assert.equal(webauthn.calls[0]?.call, "startRegistration");

    const listed = await passkeys.listPasskeys();
    assert.ok(listed.ok);
    assert.deepEqual(listed.passkeys, [added.passkey]);

    assert.deepEqual(await passkeys.renamePasskey(added.passkey.id, "  Phone  "), { ok: true, status: 200 });
    const renamed = await passkeys.listPasskeys();
    assert.equal(renamed.ok && renamed.passkeys[0]?.name, "Phone");

    assert.deepEqual(await passkeys.deletePasskey(added.passkey.id), { ok: true, status: 200 });
    const empty = await passkeys.listPasskeys();
    assert.deepEqual(empty.ok && empty.passkeys, []);
    const again = await passkeys.deletePasskey(added.passkey.id);
    assert.deepEqual(again, {
      ok: false,
      status: 404,
      error: "PasskeyNotFound",
      message: errorCatalogue.PasskeyNotFound.message,
    });
  });

  it("no name is the server's default; an unusable name is InvalidBody", async () => {
    const { signedIn } = await setUp();
    const { passkeys } = await signedIn("grace@example.test");
    const added = await passkeys.registerPasskey({ name: "  " });
    assert.equal(added.ok && added.passkey.name, "Passkey");
    const renamed = await passkeys.renamePasskey(added.ok ? added.passkey.id : "", "x".repeat(65));
    assert.deepEqual(renamed.ok || [renamed.status, renamed.error], [400, "InvalidBody"]);
  });

  it("a name the server would refuse is InvalidBody before the browser makes a passkey", async () => {
    const { signedIn } = await setUp();
    const { passkeys, webauthn, paths } = await signedIn("hedy@example.test");
    for (const name of ["x".repeat(65), "evil\u202eevil", "tab\u0007bell"]) {
      const result = await passkeys.registerPasskey({ name });
      assert.deepEqual(result.ok || [result.status, result.error], [0, "InvalidBody"], name);
    }
    assert.equal(webauthn.calls.length, 0);
    assert.deepEqual(paths, []);
    // 64 characters after whitespace is collapsed are fine, as on the server.
    const long = await passkeys.registerPasskey({ name: ` ${"y".repeat(64)}\n` });
    assert.equal(long.ok && long.passkey.name, "y".repeat(64));
  });

  it("signed out: SessionRequired, and no browser ceremony starts", async () => {
    const { browser } = await setUp();
    const { passkeys, webauthn } = await browser();
    const listed = await passkeys.listPasskeys();
    assert.equal(listed.ok || listed.error, "SessionRequired");
    assert.equal(listed.status, 401);
    const added = await passkeys.registerPasskey({ name: "x" });
    assert.equal(added.ok || added.error, "SessionRequired");
    assert.equal(webauthn.calls.length, 0);
  });

  it("with passkeys off on the server: UnknownAction", async () => {
    const { signedIn } = await setUp({ passkeys: false });
    const { passkeys } = await signedIn("off@example.test");
    const listed = await passkeys.listPasskeys();
    assert.deepEqual(listed.ok || [listed.status, listed.error], [404, "UnknownAction"]);
  });
});

describe("signInWithPasskey, against core", () => {
  /** A user with a passkey on `holder`'s authenticator, and a fresh browser that has the same authenticator. */
  async function withPasskey() {
    const context = await setUp();
    const holder = await context.signedIn("lin@example.test");
    const added = await holder.passkeys.registerPasskey({ name: "Phone" });
    assert.ok(added.ok);
    const visitor = await context.browser();
    // The same authenticator (a synced passkey, say) in a browser that is signed out.
    const passkeys = passkeyClientWith(
      { baseUrl: ORIGIN, fetch: visitor.jar.fetch, navigate: (url) => void visitor.navigated.push(url) },
      holder.webauthn,
    );
    return { ...context, holder, visitor, passkeys };
  }

  it("signs in and goes to the callback URL; the session is there", async () => {
    const { visitor, passkeys } = await withPasskey();
    const result = await passkeys.signInWithPasskey({ callbackUrl: `${ORIGIN}/after` });
    assert.deepEqual(result, { ok: true, status: 200, url: `${ORIGIN}/after` });
    assert.deepEqual(visitor.navigated, [`${ORIGIN}/after`]);
    assert.equal((await visitor.auth.getSession())?.user?.email, "lin@example.test");
  });

  it("redirect: false does not navigate; the passkey shows as used", async () => {
    const { visitor, passkeys, holder } = await withPasskey();
    const result = await passkeys.signInWithPasskey({ callbackUrl: `${ORIGIN}/after`, redirect: false });
    assert.equal(result.ok, true);
    assert.deepEqual(visitor.navigated, []);
    const listed = await holder.passkeys.listPasskeys();
    assert.ok(listed.ok && listed.passkeys[0]?.lastUsedAt);
  });

  it("autofill asks the browser for conditional mediation", async () => {
    const { passkeys, holder } = await withPasskey();
    const result = await passkeys.signInWithPasskey({ autofill: true, redirect: false });
    assert.equal(result.ok, true);
    assert.deepEqual(
      holder.webauthn.calls.map(({ call, autofill }) => [call, autofill]),
      [
        ["startRegistration", undefined],
        ["startAuthentication", true],
      ],
    );
  });

  it("an unknown passkey is PasskeyInvalid (401) with the server's message, and no navigation", async () => {
    const { browser } = await setUp();
    const stranger = await browser();
    const result = await stranger.passkeys.signInWithPasskey({ callbackUrl: `${ORIGIN}/after` });
    assert.deepEqual(result, {
      ok: false,
      status: 401,
      error: "PasskeyInvalid",
      message: errorCatalogue.PasskeyInvalid.message,
    });
    assert.deepEqual(stranger.navigated, []);
    assert.equal(await stranger.auth.getSession(), null);
  });

  it("a dismissed dialog is PasskeyCancelled, and nothing is posted after it", async () => {
    const { browser } = await setUp();
    const b = await browser();
    b.webauthn.failNext(
      Object.assign(new Error("The operation either timed out or was not allowed."), {
        name: "NotAllowedError",
      }),
    );
    const result = await b.passkeys.signInWithPasskey();
    assert.deepEqual(result, { ok: false, status: 0, error: "PasskeyCancelled" });
    assert.ok(!b.paths.includes("/api/auth/passkey-signin"));
  });

  it("an aborted signal: no request when aborted before; the ceremony is cancelled when aborted during it", async () => {
    const { browser } = await setUp();
    const b = await browser();
    const before = await b.passkeys.signInWithPasskey({ signal: AbortSignal.abort() });
    assert.deepEqual(before, { ok: false, status: 0, error: "PasskeyCancelled" });
    assert.deepEqual(b.paths, []);

    const controller = new AbortController();
    const pending = Promise.withResolvers<void>();
    const passkeys = passkeyClientWith(
      { baseUrl: ORIGIN, fetch: b.jar.fetch },
      {
        ...b.webauthn,
        // A browser dialog that stays open until the ceremony is cancelled.
        startAuthentication: async () => {
          pending.resolve();
          await new Promise((_, reject) => {
            controller.signal.addEventListener("abort", () =>
              reject(Object.assign(new Error("aborted"), { name: "AbortError" })),
            );
          });
        },
        cancelCeremony: () => void b.webauthn.cancelCeremony(),
      },
    );
    const during = passkeys.signInWithPasskey({ signal: controller.signal });
    await pending.promise;
    controller.abort();
    assert.deepEqual(await during, { ok: false, status: 0, error: "PasskeyCancelled" });
    assert.equal(b.webauthn.cancelled, 1);
    // Once the ceremony is over, aborting no longer cancels anything (it could be another's).
    controller.abort();
    assert.equal(b.webauthn.cancelled, 1);
  });

  it("a browser without WebAuthn (or without autofill) is PasskeyUnsupported, before any request", async () => {
    const { browser } = await setUp();
    const b = await browser();
    const none = passkeyClientWith(
      { baseUrl: ORIGIN, fetch: b.jar.fetch },
      { ...b.webauthn, supported: () => false },
    );
    assert.deepEqual(await none.signInWithPasskey(), { ok: false, status: 0, error: "PasskeyUnsupported" });
    const noAutofill = passkeyClientWith(
      { baseUrl: ORIGIN, fetch: b.jar.fetch },
      { ...b.webauthn, autofillSupported: async () => false },
    );
    const result = await noAutofill.signInWithPasskey({ autofill: true });
    assert.deepEqual(result, { ok: false, status: 0, error: "PasskeyUnsupported" });
    assert.deepEqual(b.paths, []);
  });
});

describe("signUpWithPasskey, against core", () => {
  it("answers the check-your-email page; the passkey does not sign in before the address is verified", async () => {
    const { browser, endpoint } = await setUp();
    const b = await browser();
    const result = await b.passkeys.signUpWithPasskey({ email: "new@example.test", name: "New Person" });
    assert.ok(result.ok, JSON.stringify(result));
    const url = new URL(result.url);
    assert.equal(url.pathname, "/api/auth/verify-request");
    assert.equal(url.searchParams.get("type"), "signup");
    assert.deepEqual(b.navigated, []);
    const user = await endpoint.adapter.getUserByEmail("new@example.test");
    assert.equal(user?.name, "New Person");
    // Not verified yet: the passkey does not sign in.
    const early = await b.passkeys.signInWithPasskey({ redirect: false });
    assert.equal(early.ok || early.error, "EmailNotVerified");
  });

  it("an address that is not one is EmailInvalid, before the browser is asked", async () => {
    const { browser } = await setUp();
    const b = await browser();
    const result = await b.passkeys.signUpWithPasskey({ email: "not an address" });
    assert.equal(result.ok || result.error, "EmailInvalid");
    assert.equal(b.webauthn.calls.length, 0);
  });
});

describe("the browser's failures", () => {
  it("InvalidStateError on create is PasskeyAlreadyRegistered; others are PasskeyCeremonyFailed with their message", async () => {
    const { signedIn } = await setUp();
    const b = await signedIn("kim@example.test");
    b.webauthn.failNext(
      Object.assign(new Error("The authenticator was previously registered"), { name: "InvalidStateError" }),
    );
    assert.deepEqual(await b.passkeys.registerPasskey(), {
      ok: false,
      status: 0,
      error: "PasskeyAlreadyRegistered",
    });
    b.webauthn.failNext(
      Object.assign(new Error("The RP ID is invalid for this domain"), { name: "SecurityError" }),
    );
    assert.deepEqual(await b.passkeys.registerPasskey(), {
      ok: false,
      status: 0,
      error: "PasskeyCeremonyFailed",
      message: "The RP ID is invalid for this domain",
    });
  });
});

describe("answers this client does not understand", () => {
  const client = (body: unknown, status = 200) =>
    passkeyClientWith(
      {
        baseUrl: ORIGIN,
        fetch: async (input) =>
          String(input).endsWith("/csrf")
            ? Response.json({ csrfToken: "c" })
            : Response.json(body, { status }),
      },
      { ...({} as SoftwareWebAuthn), supported: () => true, autofillSupported: async () => true },
    );

  it("a malformed passkey in the list makes the whole list Default", async () => {
    const good = {
      id: "a",
      name: "A",
      createdAt: "2026-01-01T00:00:00.000Z",
      lastUsedAt: null,
      backedUp: true,
      deviceType: "multiDevice",
      transports: ["internal"],
    };
    const ok = await client({ passkeys: [good] }).listPasskeys();
    assert.deepEqual(ok, { ok: true, status: 200, passkeys: [good] });
    for (const bad of [
      { ...good, backedUp: "yes" },
      { ...good, deviceType: "other" },
      { ...good, transports: [1] },
      null,
    ]) {
      const result = await client({ passkeys: [good, bad] }).listPasskeys();
      assert.deepEqual(result, { ok: false, status: 200, error: "Default" });
    }
    assert.deepEqual(await client({}).listPasskeys(), { ok: false, status: 200, error: "Default" });
  });

  it("options without a challenge are not handed to the browser", async () => {
    const result = await client({ options: {} }).signInWithPasskey();
    assert.deepEqual(result, { ok: false, status: 200, error: "Default" });
  });
});

it("every server code of PasskeyErrorCode is in core's error catalogue", () => {
  for (const code of Object.keys(SERVER_CODES)) {
    assert.ok(Object.hasOwn(errorCatalogue, code), `${code} is not in the catalogue`);
  }
});
