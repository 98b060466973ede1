// Auth.js v5's own WebAuthn client (`next-auth/webauthn` of next-auth 5.0.0-beta.32, bundled into a
// page) against Gatehouse in Chromium, a virtual authenticator over the DevTools protocol standing
// in for the person's device (issue 23). Unchanged, its `signIn("passkey", …)` registers a passkey
// for the signed-in user, signs in with it, and signs a new person up; v5's `next-auth/react` signs
// in with a password and out. The client asks `GET webauthn-options/passkey` and posts `callback/passkey`.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { hashPassword, Password } from "@gatehouse/core";
import { webAuthn } from "@gatehouse/passkeys";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { type ClientApp, startClientApp } from "./authjs-client/app-server.ts";
import { bundlePage } from "./authjs-client/bundle.ts";
import type { Outcome } from "./authjs-client/v4-app.tsx";
import type { V5Client } from "./authjs-client/v5-app.tsx";
import { addVirtualAuthenticator } from "./sign-in-steps.ts";
import { launchChromium } from "./web-app.ts";

const PASSWORD = "correct horse battery staple";
const PAGE = fileURLToPath(new URL("./authjs-client/v5-app.tsx", import.meta.url));

interface SignInResult {
  error: string | null;
  code: string | null;
  status: number;
  ok: boolean;
  url: string | null;
}

describe("Auth.js v5's WebAuthn client against Gatehouse (Chromium, virtual authenticator)", () => {
  let browser: Browser;
  let app: ClientApp;

  before(async () => {
    const script = await bundlePage(PAGE);
    [app, browser] = await Promise.all([
      startClientApp(script, {
        providers: [Password({ sendMail: async () => {} })],
        passkeys: { webAuthn: webAuthn() },
        // Auth.js v5's answer for nobody signed in, which its SessionProvider reads as signed out.
        session: { signedOut: "null" },
      }),
      launchChromium(),
    ]);
  });

  after(async () => {
    await browser?.close();
    await app?.close();
  });

  /** A fresh browser profile with its own authenticator, on the app's page. */
  async function newPerson(): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext();
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await addVirtualAuthenticator(context, page);
    await page.goto(`${app.url}/`);
    await page.waitForFunction(() => "v5" in window);
    return { context, page };
  }

  /**
   * Runs a call of `window.v5` in the page (`run` is sent as its source, so it uses nothing but its
   * argument) and returns what it returned, read as `T`; a throw fails the test.
   */
  async function call<T>(page: Page, run: (client: V5Client) => Promise<Outcome<unknown>>): Promise<T> {
    const outcome = (await page.evaluate(`(${run.toString()})(window.v5)`)) as Outcome<T>;
    assert.ok(
      "returned" in outcome,
      `the client threw: ${"threw" in outcome ? outcome.threw : ""}\n${app.log.join("\n")}`,
    );
    return outcome.returned;
  }

  async function sessionEmail(page: Page): Promise<string | null> {
    return page.evaluate(async () => {
      const session = (await (await fetch("/api/auth/session")).json()) as {
        user?: { email?: string };
      } | null;
      return session?.user?.email ?? null;
    });
  }

  async function withPerson(run: (page: Page) => Promise<void>): Promise<void> {
    const { context, page } = await newPerson();
    try {
      await run(page);
    } catch (error) {
      console.error(`gatehouse log:\n${app.log.join("\n")}`);
      throw error;
    } finally {
      await context.close();
    }
  }

  const okAt = (url: string): SignInResult => ({ error: null, code: null, status: 200, ok: true, url });

  it("registers a passkey for the signed-in user, then signs in with it", async () => {
    const user = await app.adapter.createUser({
      email: "ada@example.test",
      emailVerified: new Date(),
      name: "Ada",
      image: null,
    });
    await app.adapter.setPasswordHash(user.id, await hashPassword(PASSWORD));
    await withPerson(async (page) => {
      const home = `${app.url}/`;
      // Signed out, v5's SessionProvider says so: GET session answers null, as @auth/core does.
      await page
        .getByTestId("session")
        .filter({ hasText: /^unauthenticated$/ })
        .waitFor();
      assert.equal(await page.evaluate(async () => (await fetch("/api/auth/session")).text()), "null");
      // v5's next-auth/react with the Password provider (listed as credentials).
      const password = await call<SignInResult>(page, (v5) =>
        v5.signIn("password", { email: "ada@example.test", password: "correct horse battery staple" }),
      );
      // (v5's react client leaves `error` and `code` undefined where its webauthn client says null.)
      assert.deepEqual(password, { ...okAt(home), error: undefined, code: undefined });
      assert.equal(await sessionEmail(page), "ada@example.test");
      await page.getByTestId("session").filter({ hasText: "authenticated ada@example.test" }).waitFor();

      // signIn("passkey", { action: "register" }): the options, the authenticator, the callback.
      const registered = await call<SignInResult>(page, (v5) => v5.passkey({ action: "register" }));
      assert.deepEqual(registered, okAt(home));
      const stored = await app.adapter.listPasskeys(user.id);
      assert.equal(stored.length, 1);

      await call(page, (v5) => v5.signOut());
      assert.equal(await sessionEmail(page), null);
      await page
        .getByTestId("session")
        .filter({ hasText: /^unauthenticated$/ })
        .waitFor();

      // signIn("passkey"): signed out, no action — a sign-in with the passkey just made.
      const signedIn = await call<SignInResult>(page, (v5) => v5.passkey({}));
      assert.deepEqual(signedIn, okAt(home));
      assert.equal(await sessionEmail(page), "ada@example.test");
    });
  });

  it("signs a new person up with a passkey: to the check-your-email page", async () => {
    await withPerson(async (page) => {
      const signedUp = await call<SignInResult>(page, (v5) =>
        v5.passkey({ action: "register", email: "new@example.test" }),
      );
      assert.deepEqual(signedUp, okAt(`${app.url}/api/auth/verify-request?provider=passkey&type=signup`));
      const user = await app.adapter.getUserByEmail("new@example.test");
      assert.ok(user, "the account is stored, its address not yet verified");
      assert.equal((await app.adapter.listPasskeys(user.id)).length, 1);
      assert.equal(await sessionEmail(page), null);
    });
  });

  it("a passkey the server does not know: PasskeyInvalid to the app, no session", async () => {
    await withPerson(async (page) => {
      // This authenticator holds a credential for the site that Gatehouse never stored.
      await page.evaluate(async () => {
        const challenge = crypto.getRandomValues(new Uint8Array(32));
        await navigator.credentials.create({
          publicKey: {
            challenge,
            rp: { id: "localhost", name: "x" },
            user: { id: crypto.getRandomValues(new Uint8Array(16)), name: "stray", displayName: "stray" },
            pubKeyCredParams: [{ type: "public-key", alg: -7 }],
            authenticatorSelection: { residentKey: "required", userVerification: "required" },
          },
        });
      });
      const refused = await call<SignInResult>(page, (v5) => v5.passkey({}));
      assert.deepEqual(refused, { error: "PasskeyInvalid", code: null, status: 401, ok: false, url: null });
      assert.equal(await sessionEmail(page), null);
    });
  });
});
