// next-auth v4's own React client (`next-auth/react` 4.24.15, bundled with React into a page) against
// Gatehouse in Chromium, as an app that moved from next-auth keeps it. Issue 23: its `signIn(id,
// { redirect: false })` runs `new URL(data.url)` on every answer and threw a TypeError in the app for
// a sign-in refused with anything but a wrong password. Each refusal now comes back to the app as
// v4 reports errors — `{ error: <code>, status, ok: false, url: null }` — and the second step of
// two-factor as `{ error: null, ok: true, url: <the step> }`, where the app goes on.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { hashPassword, Password } from "@gatehouse/core";
import { webAuthn } from "@gatehouse/passkeys";
import { totp as totpCodes } from "@gatehouse/two-factor";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { type ClientApp, startClientApp } from "./authjs-client/app-server.ts";
import { bundlePage } from "./authjs-client/bundle.ts";
import type { Outcome, V4Client } from "./authjs-client/v4-app.tsx";
import { postFromPage, totp } from "./sign-in-steps.ts";
import { launchChromium } from "./web-app.ts";

const PASSWORD = "correct horse battery staple";
const PAGE = fileURLToPath(new URL("./authjs-client/v4-app.tsx", import.meta.url));

/** `signIn`'s answer with `redirect: false`, as next-auth v4 types it. */
interface SignInResult {
  error: string | null;
  status: number;
  ok: boolean;
  url: string | null;
}

describe("next-auth v4's React client against Gatehouse (Chromium)", () => {
  let browser: Browser;
  /** Lockout after 2 wrong passwords; two-factor; passkeys. */
  let app: ClientApp;
  /** One password sign-in per client address and minute: the second is rate limited. */
  let limited: ClientApp;

  before(async () => {
    const script = await bundlePage(PAGE);
    [app, limited, browser] = await Promise.all([
      startClientApp(script, {
        providers: [Password({ sendMail: async () => {} })],
        twoFactor: { totp: totpCodes(), issuer: "Gatehouse e2e" },
        passkeys: { webAuthn: webAuthn() },
        rateLimit: { lockout: { threshold: 2 } },
      }),
      startClientApp(script, {
        providers: [Password({ sendMail: async () => {} })],
        rateLimit: { lockout: false, rules: { passwordSignIn: { ip: { limit: 1, windowMs: 60_000 } } } },
      }),
      launchChromium(),
    ]);
  });

  after(async () => {
    await browser?.close();
    await app?.close();
    await limited?.close();
  });

  /** A verified user with `PASSWORD` in `on`'s storage; their id. */
  async function seedUser(on: ClientApp, email: string, verified = true): Promise<string> {
    const user = await on.adapter.createUser({
      email,
      emailVerified: verified ? new Date() : null,
      name: null,
      image: null,
    });
    await on.adapter.setPasswordHash(user.id, await hashPassword(PASSWORD));
    return user.id;
  }

  /** A fresh browser profile on the app's page, once its SessionProvider has asked for the session. */
  async function openApp(on: ClientApp): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext();
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await page.goto(`${on.url}/`);
    await sessionShown(page, "unauthenticated");
    return { context, page };
  }

  async function sessionShown(page: Page, text: string): Promise<void> {
    await page.getByTestId("session").filter({ hasText: text }).waitFor();
  }

  /** `signIn("password", { redirect: false, email, password, callbackUrl })` through the real client. */
  async function signIn(
    page: Page,
    on: ClientApp,
    email: string,
    password = PASSWORD,
  ): Promise<SignInResult> {
    const options = { redirect: false, email, password, callbackUrl: `${on.url}/dashboard` };
    const outcome = await page.evaluate(
      (options) => (window as unknown as { v4: V4Client }).v4.signIn("password", options),
      options,
    );
    return returned(outcome as Outcome<SignInResult>, on);
  }

  function returned<T>(outcome: Outcome<T>, on: ClientApp): T {
    assert.ok(
      "returned" in outcome,
      `the client threw: ${"threw" in outcome ? outcome.threw : ""}\n${on.log.join("\n")}`,
    );
    return outcome.returned;
  }

  const refused = (error: string, status: number): SignInResult => ({ error, status, ok: false, url: null });

  async function withApp(on: ClientApp, run: (page: Page, context: BrowserContext) => Promise<void>) {
    const { context, page } = await openApp(on);
    try {
      await run(page, context);
    } catch (error) {
      console.error(`gatehouse log:\n${on.log.join("\n")}`);
      throw error;
    } finally {
      await context.close();
    }
  }

  it("signs in, and reports a wrong password as CredentialsSignin (as next-auth does)", async () => {
    await seedUser(app, "ada@example.test");
    await withApp(app, async (page) => {
      assert.deepEqual(
        await signIn(page, app, "ada@example.test", "wrong"),
        refused("CredentialsSignin", 401),
      );
      assert.deepEqual(await signIn(page, app, "ada@example.test"), {
        error: null,
        status: 200,
        ok: true,
        url: `${app.url}/dashboard`,
      });
      // The client refetched the session on success: the app shows it.
      await sessionShown(page, "authenticated ada@example.test");
    });
  });

  it("rate limited: RateLimited (429), no throw; with redirects the client lands on the rate-limit page", async () => {
    await seedUser(limited, "rae@example.test");
    await withApp(limited, async (page) => {
      assert.deepEqual(
        await signIn(page, limited, "rae@example.test", "wrong"),
        refused("CredentialsSignin", 401),
      );
      assert.deepEqual(await signIn(page, limited, "rae@example.test"), refused("RateLimited", 429));
      await sessionShown(page, "unauthenticated");

      // Without `redirect: false` the client goes to the answer's url: the page that says why.
      await page.evaluate(() =>
        (window as unknown as { v4: V4Client }).v4.signIn("password", {
          email: "rae@example.test",
          password: "correct horse battery staple",
          callbackUrl: "/dashboard",
        }),
      );
      await page.waitForURL(`${limited.url}/api/auth/error?error=RateLimited`);
      await page.getByRole("heading", { name: "Too many attempts" }).waitFor();
    });
  });

  it("locked after wrong passwords: RateLimited (429), even with the right password", async () => {
    await seedUser(app, "lou@example.test");
    await withApp(app, async (page) => {
      for (let i = 0; i < 2; i++) {
        assert.deepEqual(
          await signIn(page, app, "lou@example.test", "wrong"),
          refused("CredentialsSignin", 401),
        );
      }
      assert.deepEqual(await signIn(page, app, "lou@example.test"), refused("RateLimited", 429));
      await sessionShown(page, "unauthenticated");
    });
  });

  it("account disabled: AccountDisabled (403)", async () => {
    const id = await seedUser(app, "dan@example.test");
    await app.adapter.setUserDisabled(id, new Date());
    await withApp(app, async (page) => {
      assert.deepEqual(await signIn(page, app, "dan@example.test"), refused("AccountDisabled", 403));
    });
  });

  it("email not verified: EmailNotVerified (403)", async () => {
    await seedUser(app, "eve@example.test", false);
    await withApp(app, async (page) => {
      assert.deepEqual(await signIn(page, app, "eve@example.test"), refused("EmailNotVerified", 403));
    });
  });

  it("CSRF refused (a stale token): MissingCSRF (403)", async () => {
    await seedUser(app, "cy@example.test");
    await withApp(app, async (page, context) => {
      // The token the client fetches is not the one of the browser's CSRF cookie (another tab's, an
      // old one): the POST is refused.
      await context.route("**/api/auth/csrf", (route) =>
        route.fulfill({ json: { csrfToken: "0".repeat(64) } }),
      );
      assert.deepEqual(await signIn(page, app, "cy@example.test"), refused("MissingCSRF", 403));
      await context.unroute("**/api/auth/csrf");
      assert.equal((await signIn(page, app, "cy@example.test")).ok, true);
    });
  });

  it('signIn("passkey") (listed as webauthn, BASE/signin/passkey) goes to the sign-in page and its passkey button', async () => {
    await withApp(app, async (page) => {
      await page.evaluate(() =>
        (window as unknown as { v4: V4Client }).v4.signIn("passkey", { callbackUrl: "/dashboard" }),
      );
      await page.waitForURL(
        `${app.url}/api/auth/signin?callbackUrl=${encodeURIComponent(`${app.url}/dashboard`)}`,
      );
      await page.getByRole("button", { name: "Sign in with a passkey" }).waitFor();
    });
  });

  it("two-factor on: the client gets the second step's url, and the app goes there and finishes", async () => {
    await seedUser(app, "tess@example.test");
    await withApp(app, async (page) => {
      assert.equal((await signIn(page, app, "tess@example.test")).ok, true);
      const enrolled = await postFromPage(page, "two-factor-enroll");
      const secret = enrolled.body.secret as string;
      assert.equal((await postFromPage(page, "two-factor-confirm", { code: totp(secret) })).status, 200);
      returned(await page.evaluate(() => (window as unknown as { v4: V4Client }).v4.signOut()), app);
      await page.reload();
      await sessionShown(page, "unauthenticated");

      const first = await signIn(page, app, "tess@example.test");
      assert.deepEqual(first, { error: null, status: 200, ok: true, url: `${app.url}/api/auth/two-factor` });
      await sessionShown(page, "unauthenticated");

      // The app follows `url` (as v4 apps do with `router.push(result.url)`): the second step's page,
      // then the callback URL of the first step, signed in.
      await page.goto(first.url!);
      // The confirming code's time step is spent: the app's next code.
      await page.getByLabel("Code", { exact: true }).fill(totp(secret, 1));
      await page.getByRole("button", { name: "Continue" }).click();
      await page.waitForURL(`${app.url}/dashboard`);
      await sessionShown(page, "authenticated tess@example.test");
    });
  });
});
