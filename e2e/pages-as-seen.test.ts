// Issue 23, "the pages as a person sees them", in a real Chromium against the web app (development
// mode): a refused sign-up comes back with what was typed (never the password), "check your email"
// names the address and sends again, sign-up's "Show password" (and its absence without JavaScript),
// and the start page without JavaScript after signing in.
import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { after, before, describe, it } from "node:test";
import { chromium } from "playwright-core";
import { CHROMIUM } from "../scripts/ensure-chromium.ts";
import { authForm, mailLink, signInWithForm, signUpWithForm, submitAuthForm } from "./sign-in-steps.ts";
import { type E2eApp, startE2eApp } from "./web-app.ts";

const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
];

const SHOTS = "/tmp/web-shots";
const PASSWORD = "harbor-lantern-quietly-73";

describe("the built-in pages as a person sees them (Chromium)", () => {
  let app: E2eApp;
  before(async () => {
    app = await startE2eApp();
    await mkdir(SHOTS, { recursive: true });
  });
  after(() => app?.close());

  async function newPage(javaScriptEnabled = true) {
    const context = await app.browser.newContext({
      javaScriptEnabled,
      viewport: { width: 900, height: 760 },
    });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    return { context, page };
  }

  it("a refused sign-up keeps the address and name, not the password; check-your-email sends again", async (t) => {
    const { context, page } = await newPage();
    t.after(() => context.close());
    const { web } = app;
    await page.goto(`${web.url}/api/auth/signup`);
    const form = authForm(page, "signup");
    await form.locator("input[name=email]").fill("rosa@example.test");
    await form.locator("input[name=name]").fill("Rosa");
    await form.locator("input[name=password]").fill("password123");
    await submitAuthForm(page, "signup");
    assert.match((await page.getByRole("alert").textContent()) ?? "", /./);
    assert.equal(await form.locator("input[name=email]").inputValue(), "rosa@example.test");
    assert.equal(await form.locator("input[name=name]").inputValue(), "Rosa");
    assert.equal(await form.locator("input[name=password]").inputValue(), "");
    assert.doesNotMatch(page.url(), /password123/);

    await form.locator("input[name=password]").fill(PASSWORD);
    await submitAuthForm(page, "signup");
    await page.getByText("Email address: rosa@example.test").waitFor();
    const first = await mailLink(web, "verify-email", "rosa@example.test");
    const before = Date.now();
    await submitAuthForm(page, "resend-verification");
    await page.getByRole("status").getByText("Sent again").waitFor();
    const second = await mailLink(web, "verify-email", "rosa@example.test", { after: before });
    assert.notEqual(second, first, "a new link");
  });

  it("sign-up's Show password reveals the one field with JavaScript; without, a plain password field", async (t) => {
    const { context, page } = await newPage();
    t.after(() => context.close());
    await page.goto(`${app.web.url}/api/auth/signup`);
    const field = page.locator("#signup-password");
    await field.fill("secret words");
    const toggle = page.getByLabel("Show password");
    await toggle.check();
    assert.equal(await field.getAttribute("type"), "text");
    await toggle.uncheck();
    assert.equal(await field.getAttribute("type"), "password");
    assert.equal(await page.locator("input[type=password]").count(), 1, "one field, no confirmation");

    const noJs = await newPage(false);
    t.after(() => noJs.context.close());
    await noJs.page.goto(`${app.web.url}/api/auth/signup`);
    assert.equal(await noJs.page.getByLabel("Show password").isVisible(), false);
    assert.equal(await noJs.page.locator("#signup-password").getAttribute("type"), "password");
  });

  it("without JavaScript, the start page after signing in names the person and offers sign-out", async (t) => {
    // Playwright's javaScriptEnabled: false stops scripts but the parser still hides <noscript>; a
    // browser whose settings turn scripting off (as a person's would) renders it.
    const noScriptBrowser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: [...CHROMIUM_ARGS, "--blink-settings=scriptEnabled=false"],
    });
    t.after(() => noScriptBrowser.close());
    const page = await noScriptBrowser.newPage({ viewport: { width: 900, height: 500 } });
    page.setDefaultTimeout(10_000);
    const { web } = app;
    const js = await newPage();
    t.after(() => js.context.close());
    await signUpWithForm(js.page, web, { email: "noor@example.test", password: PASSWORD, name: "Noor" });
    await signInWithForm(page, web, { email: "noor@example.test", password: PASSWORD, callbackUrl: "/" });
    // On the first screen: the empty app root no longer fills it (issue 23).
    // Playwright's text locators skip <noscript>: the paragraph by its class.
    const noscript = page.locator(".noscript");
    assert.match(
      (await noscript.textContent()) ?? "",
      /^Signed in as Noor\. Open the protected page or sign out\.$/,
    );
    const text = await noscript.boundingBox();
    assert.ok(
      text && text.y + text.height <= 500,
      `the text is on the first screen (${JSON.stringify(text)})`,
    );
    assert.equal(await page.locator(".noscript strong").textContent(), "Noor");
    await page.screenshot({ path: `${SHOTS}/no-js-start-signed-in.png` });
    await noscript.locator('a[href="/api/auth/signout"]').click();
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL(`${web.url}/`);
    assert.doesNotMatch((await page.locator(".noscript").textContent()) ?? "", /Signed in as/);
  });
});
