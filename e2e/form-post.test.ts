// `response_mode=form_post` in a real Chromium: the provider's page POSTs the callback cross-site,
// which leaves Gatehouse's SameSite=Lax check cookies behind; the callback relays the fields once
// through a page on its own origin, whose POST carries them, and the person ends up signed in.
// The app is on `localhost` and the provider on `127.0.0.1`: two sites, so the POST is really
// cross-site for Chromium's SameSite rules (a simulated browser in core's tests only assumes it).
import assert from "node:assert/strict";
import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import { gatehouse, OIDC } from "@gatehouse/core";
import { type DevProvider, startDevProvider } from "@gatehouse/dev-provider";
import { getRequestListener } from "@hono/node-server";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchChromium } from "./web-app.ts";

const SECRET = "an-e2e-secret-that-is-long-enough-0123456789";
const CHECK_COOKIES = ["gatehouse.state", "gatehouse.pkce.code_verifier", "gatehouse.nonce"];

/** What the app saw of one POST to the callback: enough to tell the provider's POST from the relay's. */
interface CallbackPost {
  /** `Sec-Fetch-Site` as Chromium sent it. */
  site: string | null;
  /** The check cookies that came with the request. */
  checkCookies: string[];
  /** Whether the body carries the relay's marker field. */
  relayed: boolean;
}

function cookieNamesOf(request: Request): string[] {
  const header = request.headers.get("cookie") ?? "";
  return header
    .split(";")
    .map((pair) => pair.split("=", 1)[0]?.trim() ?? "")
    .filter((name) => name !== "");
}

describe("form_post sign-in through the development provider (Chromium)", () => {
  let server: Server;
  let op: DevProvider;
  let browser: Browser;
  let app: string;
  const posts: CallbackPost[] = [];
  const log: string[] = [];

  before(async () => {
    // Listen first: the provider's redirect URI has to name the real port.
    server = createServer();
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    app = `http://localhost:${(server.address() as AddressInfo).port}`;
    const authUrl = `${app}/api/auth`;
    op = await startDevProvider({
      clients: [{ client_id: "fp", client_secret: "fp-secret", redirect_uris: [`${authUrl}/callback/fp`] }],
      logger: (line) => log.push(`provider: ${line}`),
    });
    assert.match(op.issuer, /^http:\/\/127\.0\.0\.1:/, "the provider is on another site than the app");
    const record = (code: string, detail?: unknown) =>
      log.push(`app: ${code} ${JSON.stringify(detail ?? "")}`);
    const auth = gatehouse({
      secret: SECRET,
      url: authUrl,
      logger: { error: record, warn: record },
      providers: [
        OIDC({
          id: "fp",
          name: "Form post provider",
          issuer: op.issuer,
          clientId: "fp",
          clientSecret: "fp-secret",
          responseMode: "form_post",
        }),
      ],
    });
    server.on(
      "request",
      getRequestListener(async (request) => {
        const url = new URL(request.url);
        if (!url.pathname.startsWith("/api/auth/")) {
          return new Response("<!DOCTYPE html><title>Home</title><h1>Home</h1>", {
            headers: { "content-type": "text/html; charset=utf-8" },
          });
        }
        if (request.method === "POST" && url.pathname === "/api/auth/callback/fp") {
          const body = new URLSearchParams(await request.clone().text());
          posts.push({
            site: request.headers.get("sec-fetch-site"),
            checkCookies: cookieNamesOf(request)
              .filter((name) => CHECK_COOKIES.includes(name))
              .sort(),
            relayed: body.has("gatehouse_relayed"),
          });
        }
        return auth.handler(request);
      }),
    );
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
    server?.closeAllConnections();
    server?.close();
    await op?.close();
  });

  async function newPage(javaScriptEnabled: boolean): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    return { context, page };
  }

  /** From the sign-in page through the provider's login form; leaves the page on the way back. */
  async function logInAtProvider(page: Page, username: string): Promise<void> {
    await page.goto(`${app}/api/auth/signin?callbackUrl=${encodeURIComponent(`${app}/`)}`);
    await page.getByRole("button", { name: "Sign in with Form post provider" }).click();
    await page.waitForURL(`${op.issuer}/interaction/**`);
    await page.getByLabel("User name").fill(username);
    await page.getByRole("button", { name: "Sign in" }).click();
  }

  async function sessionUser(context: BrowserContext): Promise<unknown> {
    const response = await context.request.get(`${app}/api/auth/session`);
    assert.equal(response.status(), 200);
    return ((await response.json()) as { user?: unknown }).user;
  }

  /** The provider's POST came without the check cookies; the relay's, from our origin, with all of them. */
  function assertRelayedOnce(): void {
    assert.deepEqual(posts, [
      { site: "cross-site", checkCookies: [], relayed: false },
      { site: "same-origin", checkCookies: [...CHECK_COOKIES].sort(), relayed: true },
    ]);
  }

  it("with JavaScript: both pages submit themselves and the person is signed in", async () => {
    posts.length = 0;
    const { context, page } = await newPage(true);
    const cspViolations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });
    try {
      await logInAtProvider(page, "Form Poster");
      // No clicks from here: the provider's page and then the relay page post on their own.
      await page.waitForURL(`${app}/`);
      assert.equal(await page.getByRole("heading", { level: 1 }).textContent(), "Home");

      assertRelayedOnce();
      assert.deepEqual(await sessionUser(context), {
        name: "Form Poster",
        email: "form-poster@example.test",
        image: null,
      });
      assert.deepEqual(cspViolations, []);
    } catch (error) {
      console.error(`log:\n${log.join("\n")}`);
      throw error;
    } finally {
      await context.close();
    }
  });

  it("without JavaScript: the person clicks Continue on the provider's page and on the relay page", async () => {
    posts.length = 0;
    const { context, page } = await newPage(false);
    try {
      await logInAtProvider(page, "No Script");

      // oidc-provider's form_post page, on the provider's origin, shows its button only in <noscript>.
      const continueAtProvider = page.getByRole("button", { name: "Continue" });
      await continueAtProvider.waitFor();
      assert.equal(new URL(page.url()).origin, op.issuer);
      assert.equal(await page.title(), "Submitting Callback");
      await continueAtProvider.click();

      await page.waitForURL(`${app}/api/auth/callback/fp`);
      assert.equal(await page.getByRole("heading", { level: 1 }).textContent(), "Continue signing in");
      assert.equal(posts.length, 1, "only the provider's POST so far: the relay page waits for the click");
      await page.getByRole("button", { name: "Continue" }).click();

      await page.waitForURL(`${app}/`);
      assertRelayedOnce();
      assert.deepEqual(await sessionUser(context), {
        name: "No Script",
        email: "no-script@example.test",
        image: null,
      });
    } catch (error) {
      console.error(`log:\n${log.join("\n")}`);
      throw error;
    } finally {
      await context.close();
    }
  });
});
