/**
 * On https the session cookie is `__Host-` (issue 22, item 3): a sibling subdomain cannot set it.
 * Its name before, `__Secure-<prefix>.session-token`, which such a subdomain *can* set, is read once
 * and moved — only for what can be shown to predate the rename (a jwt sealed under the old name's
 * key), or when the operator asks (`cookies.legacySessionCookie`, database sessions).
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { type DevProvider, startDevProvider } from "@gatehouse/dev-provider";
import { createMemoryAdapter } from "../src/adapter/memory-adapter.ts";
import { type GatehouseOptions, gatehouse, OIDC } from "../src/index.ts";
import { encodeJwt } from "../src/lib/jwt.ts";
import { KeyRing } from "../src/lib/key-ring.ts";
import {
  entriesLogger,
  loginAtProvider,
  people,
  SECRET,
  sessionOf,
  setCookie,
  signIn,
  signOut,
  TestBrowser,
} from "./support/flows.ts";

const ORIGIN = "https://app.example.test";
const CURRENT = "__Host-gatehouse.session-token";
const LEGACY = "__Secure-gatehouse.session-token";
const ada = { id: "ada", name: "Ada Lovelace", email: "ada@example.test" };

function app(options: Partial<GatehouseOptions> = {}) {
  const auth = gatehouse({
    secret: SECRET,
    url: `${ORIGIN}/api/auth`,
    providers: [people({ ada })],
    logger: entriesLogger(),
    ...options,
  });
  return { auth, browser: () => new TestBrowser(auth.handler, ORIGIN) };
}

/** A jwt as Gatehouse sealed it before the rename: under the old cookie name's key. */
async function legacyJwt(claims: Record<string, unknown>): Promise<string> {
  const keys = await new KeyRing([SECRET]).encryptionKeys(LEGACY);
  return encodeJwt({ token: claims, keys, maxAge: 30 * 24 * 3600, now: Date.now() });
}

const deletes = (response: Response, name: string) => /max-age=0/i.test(setCookie(response, name) ?? "");

describe("the session cookie's name before __Host-", () => {
  test("a jwt session from before the rename is read once and moved to __Host- (nobody is signed out)", async () => {
    const { browser } = app();
    const returning = browser();
    returning.jar.set(LEGACY, await legacyJwt({ sub: "ada", name: ada.name, email: ada.email }));
    const first = await returning.request("/api/auth/session");
    assert.equal(((await first.json()) as { user?: { email?: string } }).user?.email, ada.email);
    const moved = setCookie(first, CURRENT) ?? "";
    assert.match(moved, /; Path=\/; HttpOnly; SameSite=Lax; .*; Secure$/);
    assert.doesNotMatch(moved, /Domain=/i);
    assert.ok(deletes(first, LEGACY), "the old cookie goes");
    assert.equal(returning.jar.has(LEGACY), false);
    assert.equal((await sessionOf(returning)).user?.email, ada.email, "read from __Host- from now on");
  });

  test("a jwt minted since, planted under the old name by a sibling subdomain, is not read", async () => {
    const { browser } = app();
    const attacker = browser();
    await signIn(attacker, "ada");
    const token = attacker.jar.get(CURRENT);
    assert.ok(token);
    const victim = browser();
    victim.jar.set(LEGACY, token); // what `Domain=example.test` from another subdomain would send
    const read = await victim.request("/api/auth/session");
    assert.deepEqual(await read.json(), {});
    assert.ok(deletes(read, LEGACY));
    assert.equal(setCookie(read, CURRENT), undefined);
  });

  test("a database session planted under the old name is not read: nothing tells it from the app's own", async () => {
    const { browser } = app({ adapter: createMemoryAdapter() });
    const attacker = browser();
    await signIn(attacker, "ada");
    const victim = browser();
    victim.jar.set(LEGACY, attacker.jar.get(CURRENT)!);
    assert.deepEqual(await sessionOf(victim), {});
    assert.equal(victim.jar.has(LEGACY), false, "and the cookie goes");
  });

  test("cookies.legacySessionCookie moves database sessions from the old name too, and sign-out ends them", async () => {
    const { browser } = app({ adapter: createMemoryAdapter(), cookies: { legacySessionCookie: true } });
    const before = browser();
    await signIn(before, "ada");
    const token = before.jar.get(CURRENT)!;
    const returning = browser();
    returning.jar.set(LEGACY, token); // as the previous version set it
    const first = await returning.request("/api/auth/session");
    assert.equal(((await first.json()) as { user?: { email?: string } }).user?.email, ada.email);
    assert.equal(returning.jar.get(CURRENT), token, "the same session, under __Host-");
    assert.ok(deletes(first, LEGACY));

    const again = browser();
    again.jar.set(LEGACY, token);
    await signOut(again);
    assert.equal(again.jar.has(LEGACY), false);
    assert.deepEqual(await sessionOf(before), {}, "sign-out ended the session the old cookie held");
  });

  test("cookies.legacySessionCookie must be a boolean", () => {
    assert.throws(
      () => app({ cookies: { legacySessionCookie: "yes" as unknown as boolean } }),
      /cookies\.legacySessionCookie must be true or false/,
    );
  });
});

describe("a session under the old name never asks to link", () => {
  let op: DevProvider;
  before(async () => {
    op = await startDevProvider({
      clients: [
        { client_id: "app", client_secret: "app-secret", redirect_uris: [`${ORIGIN}/api/auth/callback/dev`] },
      ],
    });
  });
  after(() => op.close());

  test("a pre-__Host- session planted before the flow starts does not capture the provider account", async () => {
    const adapter = createMemoryAdapter();
    const { browser } = app({
      adapter,
      session: { strategy: "jwt" },
      providers: [
        OIDC({ id: "dev", name: "Dev", issuer: op.issuer, clientId: "app", clientSecret: "app-secret" }),
      ],
    });
    const attacker = await adapter.createUser({ email: "mallory@example.test", emailVerified: null });
    // Mallory's session from before the rename: it still opens, for up to the session max age.
    const victim = browser();
    victim.jar.set(LEGACY, await legacyJwt({ sub: attacker.id, email: "mallory@example.test" }));

    const csrfToken = await victim.csrf();
    const started = await victim.request("/api/auth/signin/dev", { form: { csrfToken } });
    const back = await loginAtProvider(op, started.headers.get("location")!, "victim");
    const done = await victim.request(back.pathname + back.search);
    assert.equal(done.status, 302);

    const owner = await adapter.getUserByAccount({ provider: "dev", providerAccountId: "victim" });
    assert.ok(owner, "the victim's own user");
    assert.notEqual(owner.id, attacker.id, "not linked to the session under the old name");
    assert.ok(deletes(done, LEGACY), "and that session's cookie goes with the sign-in");
  });
});
