import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { type DevProvider, startDevProvider } from "@gatehouse/dev-provider";
import type { EventMessages, EventName, Events } from "../src/events/events.ts";
import { OIDC } from "../src/index.ts";
import { hashToken } from "../src/session/session-token.ts";
import { assertEntry, auditApp, PASSWORD } from "./support/audit-app.ts";
import {
  APP,
  errorOf,
  oidcSignIn,
  people,
  SESSION_COOKIE,
  sessionOf,
  sessionTokenSet,
  signIn,
  signOut,
} from "./support/flows.ts";
import { follow } from "./support/password-accounts.ts";
import { firstFactor } from "./support/two-factor-accounts.ts";

/** Handlers for every event that keep what they get, in order. */
function recorder() {
  const seen: { name: EventName; message: unknown }[] = [];
  const keep =
    <N extends EventName>(name: N) =>
    (message: EventMessages[N]) => {
      seen.push({ name, message });
    };
  const events: Events = {
    signIn: keep("signIn"),
    signOut: keep("signOut"),
    createUser: keep("createUser"),
    updateUser: keep("updateUser"),
    linkAccount: keep("linkAccount"),
    session: keep("session"),
    audit: keep("audit"),
  };
  /** The messages of one event. */
  const of = <N extends EventName>(name: N) =>
    seen.filter((event) => event.name === name).map((event) => event.message as EventMessages[N]);
  /** The names in order, without the audit entries. */
  const names = () => seen.filter((event) => event.name !== "audit").map((event) => event.name);
  return { events, seen, of, names };
}

describe("events, with Auth.js's names and messages", () => {
  test("password sign-in: signIn({ user, account, isNewUser }), and each audit entry as stored", async () => {
    const events = recorder();
    const app = auditApp({ events: events.events });
    const id = await app.seedUser("ada@example.test");
    assert.ok(sessionTokenSet(await firstFactor(app.browser(), "ada@example.test")));

    const [message, ...more] = events.of("signIn");
    assert.equal(more.length, 0);
    assert.deepEqual(Object.keys(message!).sort(), ["account", "isNewUser", "user"]);
    assert.equal(message!.user.id, id);
    assert.equal(message!.user.email, "ada@example.test");
    assert.deepEqual(message!.account, { provider: "password", type: "credentials", providerAccountId: id });
    assert.equal(message!.isNewUser, false);
    // The audit event carries the entry storage kept, id included.
    assert.deepEqual(events.of("audit"), app.entries);
  });

  test("a signIn handler that throws, and an audit handler that rejects, break nothing and are logged", async () => {
    const app = auditApp({
      events: {
        signIn: () => {
          throw new Error("analytics down");
        },
        audit: async () => Promise.reject(new Error("SIEM unreachable")),
      },
    });
    await app.seedUser("bo@example.test");
    const browser = app.browser();
    const answer = await firstFactor(browser, "bo@example.test");
    assert.equal(answer.status, 302);
    assert.equal(answer.headers.get("location"), `${APP}/home`);
    assert.ok(sessionTokenSet(answer));
    assert.equal((await sessionOf(browser)).user?.email, "bo@example.test");
    assert.deepEqual(
      app.logged.filter((entry) => entry.code === "EventHandlerFailed"),
      [
        {
          level: "error",
          code: "EventHandlerFailed",
          detail: { event: "audit", cause: "Error: SIEM unreachable" },
        },
        {
          level: "error",
          code: "EventHandlerFailed",
          detail: { event: "signIn", cause: "Error: analytics down" },
        },
      ],
    );
    // The audit entry was stored all the same.
    assert.equal(app.ofKind("sign-in").length, 1);
  });

  test("signOut, database sessions: { session } — the stored session, whose sessionToken is the hash", async () => {
    const events = recorder();
    const app = auditApp({ events: events.events, strategy: "database" });
    const id = await app.seedUser("cy@example.test");
    const browser = app.browser();
    await firstFactor(browser, "cy@example.test");
    const token = browser.jar.get(SESSION_COOKIE)!;
    await signOut(browser);
    const [message] = events.of("signOut");
    assert.ok(message && "session" in message, JSON.stringify(message));
    assert.equal(message.session.userId, id);
    assert.equal(message.session.sessionToken, await hashToken(token));
    assert.ok(message.session.expires.getTime() > app.clock.now);

    // Signed out already: nothing to report.
    await signOut(browser);
    assert.equal(events.of("signOut").length, 1);
    assert.equal(app.ofKind("sign-out").length, 1);
  });

  test("signOut, jwt sessions: { token } — the token's claims", async () => {
    const events = recorder();
    const app = auditApp({ events: events.events, strategy: "jwt" });
    const id = await app.seedUser("di@example.test");
    const browser = app.browser();
    await firstFactor(browser, "di@example.test");
    await signOut(browser);
    const [message] = events.of("signOut");
    assert.ok(message && "token" in message, JSON.stringify(message));
    assert.equal(message.token.sub, id);
    assert.equal(message.token.email, "di@example.test");
    assertEntry(app, "sign-out", { actorId: id, subjectId: id, detail: {} });
  });

  test("email links: createUser on a first sign-in, updateUser on the next; verify-email sends updateUser", async () => {
    const events = recorder();
    const app = auditApp({ events: events.events });
    const browser = app.browser();
    const linkSignIn = async (email: string) => {
      const csrfToken = await browser.csrf();
      await browser.request("/api/auth/signin/email", {
        form: { csrfToken, email, callbackUrl: `${APP}/home` },
      });
      const link = app.links.filter((sent) => sent.to === email).at(-1)!;
      assert.ok(sessionTokenSet(await follow(browser, new URL(link.url), "/api/auth/callback/email")));
    };
    await linkSignIn("eve@example.test");
    const eve = (await app.adapter.getUserByEmail("eve@example.test"))!;
    assert.deepEqual(events.names(), ["createUser", "signIn"]);
    assert.deepEqual(events.of("createUser"), [{ user: eve }]);
    assert.deepEqual(events.of("signIn")[0], {
      user: eve,
      account: { provider: "email", type: "email", providerAccountId: "eve@example.test" },
      isNewUser: true,
    });
    await linkSignIn("eve@example.test");
    assert.deepEqual(events.names(), ["createUser", "signIn", "updateUser", "signIn"]);
    assert.equal(events.of("updateUser")[0]!.user.id, eve.id);

    // Password sign-up's verification link.
    const signUpPage = app.browser();
    const csrfToken = await signUpPage.csrf();
    await signUpPage.request("/api/auth/signup", {
      form: { csrfToken, email: "fay@example.test", password: PASSWORD, callbackUrl: `${APP}/home` },
    });
    let mail = app.mails.find((sent) => sent.kind === "verify-email");
    for (let i = 0; !mail && i < 400; i++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      mail = app.mails.find((sent) => sent.kind === "verify-email");
    }
    assert.ok(mail);
    assert.equal((await follow(signUpPage, new URL(mail.url), "/api/auth/verify-email")).status, 200);
    const fay = (await app.adapter.getUserByEmail("fay@example.test"))!;
    // Verifying moved the security generation on (links issued before are void).
    assert.deepEqual(events.of("createUser").at(-1), {
      user: { ...fay, emailVerified: null, securityGeneration: 0 },
    });
    assert.deepEqual(events.of("updateUser").at(-1), { user: fay });
    assert.ok(fay.emailVerified);
  });

  describe("OIDC (dev provider)", () => {
    let op: DevProvider;
    before(async () => {
      op = await startDevProvider({
        clients: [
          { client_id: "app", client_secret: "app-secret", redirect_uris: [`${APP}/api/auth/callback/dev`] },
          {
            client_id: "trusting",
            client_secret: "trusting-secret",
            redirect_uris: [`${APP}/api/auth/callback/trusting`],
          },
        ],
      });
    });
    after(() => op.close());

    function oidcApp() {
      const events = recorder();
      const app = auditApp({
        events: events.events,
        providers: [
          OIDC({ id: "dev", name: "Dev", issuer: op.issuer, clientId: "app", clientSecret: "app-secret" }),
          OIDC({
            id: "trusting",
            name: "Trusting",
            issuer: op.issuer,
            clientId: "trusting",
            clientSecret: "trusting-secret",
            allowDangerousEmailAccountLinking: true,
          }),
          people({ ada: { id: "ada-1", name: "Ada", email: "ada@example.test" } }),
        ],
      });
      // The provider's ID tokens carry the real time.
      app.clock.now = Date.now();
      return { app, events };
    }

    test("a first sign-in: createUser, linkAccount({ user, account, profile }), signIn with the profile and isNewUser", async () => {
      const { app, events } = oidcApp();
      const browser = app.browser();
      const done = await oidcSignIn(browser, op, "dev", "Grace Hopper");
      assert.equal(done.headers.get("location"), `${APP}/dashboard`, `error: ${errorOf(done)}`);
      assert.deepEqual(events.names(), ["createUser", "linkAccount", "signIn"]);

      const user = (await app.adapter.getUserByEmail("grace-hopper@example.test"))!;
      assert.deepEqual(events.of("createUser"), [{ user }]);
      const [linked] = events.of("linkAccount");
      assert.deepEqual(linked!.user, user);
      assert.equal(linked!.account.provider, "dev");
      assert.equal(linked!.account.type, "oidc");
      assert.equal(linked!.account.providerAccountId, "grace hopper");
      assert.equal(typeof linked!.account.access_token, "string");
      assert.deepEqual(linked!.profile, {
        id: "grace hopper",
        name: "Grace Hopper",
        email: "grace-hopper@example.test",
        image: null,
      });
      const [signedIn] = events.of("signIn");
      assert.equal(signedIn!.isNewUser, true);
      assert.deepEqual(signedIn!.user, user);
      assert.equal(signedIn!.profile?.sub, "grace hopper");
      assert.equal(signedIn!.profile?.email_verified, true);
      assertEntry(app, "sign-up", { actorId: user.id, subjectId: user.id, detail: { method: "dev" } });
      assertEntry(app, "sign-in", {
        actorId: user.id,
        subjectId: user.id,
        detail: { method: "dev", newUser: true, secondFactor: null },
      });
      assert.equal(app.ofKind("account-linked").length, 0, "a new user's first account is its sign-up");
      // No provider token reached the audit log.
      const stored = JSON.stringify(app.entries);
      assert.ok(!stored.includes(linked!.account.access_token as string));
    });

    test("signed in, an unknown account is linked to the user: account-linked (signed-in) and linkAccount", async () => {
      const { app, events } = oidcApp();
      const browser = app.browser();
      assert.ok(sessionTokenSet(await signIn(browser, "ada")));
      const ada = (await app.adapter.getUserByEmail("ada@example.test"))!;
      const done = await oidcSignIn(browser, op, "dev", "Ada Elsewhere");
      assert.equal(done.headers.get("location"), `${APP}/dashboard`, `error: ${errorOf(done)}`);
      assertEntry(app, "account-linked", {
        actorId: ada.id,
        subjectId: ada.id,
        detail: { provider: "dev", by: "signed-in" },
      });
      const linked = events.of("linkAccount").at(-1)!;
      assert.equal(linked.user.id, ada.id);
      assert.equal(linked.account.providerAccountId, "ada elsewhere");
    });

    test("a provider that may link by a verified address: account-linked (email)", async () => {
      const { app, events } = oidcApp();
      const existing = await app.adapter.createUser({ email: "linus@example.test", emailVerified: null });
      const done = await oidcSignIn(app.browser(), op, "trusting", "Linus");
      assert.equal(done.headers.get("location"), `${APP}/dashboard`, `error: ${errorOf(done)}`);
      assertEntry(app, "account-linked", {
        actorId: existing.id,
        subjectId: existing.id,
        detail: { provider: "trusting", by: "email" },
      });
      // Its unverified address was proven for the first time: claimed (nothing to remove here).
      assertEntry(app, "email-verified", {
        actorId: existing.id,
        subjectId: existing.id,
        detail: { method: "trusting" },
      });
      assert.deepEqual(events.names(), ["updateUser", "linkAccount", "signIn"]);
    });
  });
});
