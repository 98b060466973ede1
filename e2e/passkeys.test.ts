// Passkeys in the web app (apps/web, development mode, SQLite, opened on localhost): a passkey
// registered for the demo account signs in through the sign-in page's button and through the email
// field's autofill; a deleted one is refused with the message on the page; passkey-only sign-up goes
// through its page, the dev mailbox and the confirmation, then signs in with the new passkey. A
// virtual authenticator over the DevTools protocol stands in for the person's device.
import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { after, before, describe, it } from "node:test";
import { errorCatalogue } from "../packages/core/src/errors/catalogue.ts";
import {
  addVirtualAuthenticator,
  postFromPage,
  registerPasskey,
  SHOTS,
  sessionEmail,
  signInWithPassword,
  signOut,
} from "./sign-in-steps.ts";
import { type E2eApp, startE2eApp } from "./web-app.ts";

describe("passkeys in the web app (Chromium, virtual authenticator)", () => {
  let app: E2eApp;
  before(async () => {
    app = await startE2eApp();
    await mkdir(SHOTS, { recursive: true });
  });
  after(() => app?.close());

  /**
   * A fresh browser profile with its own authenticator; the CSP violations its pages report; and the
   * `mediation` of every `navigator.credentials.get()` the pages make (recorded by a wrapper), which
   * tells the autofill request from the button's.
   */
  async function newPerson() {
    const context = await app.browser.newContext({ viewport: { width: 1100, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    const cspViolations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });
    const mediations: string[] = [];
    await page.exposeFunction("recordMediation", (mediation: string) => mediations.push(mediation));
    await page.addInitScript(() => {
      const get = navigator.credentials.get.bind(navigator.credentials);
      const record = (window as unknown as { recordMediation(mediation: string): void }).recordMediation;
      navigator.credentials.get = (options) => {
        record(options?.mediation ?? "optional");
        return get(options);
      };
    });
    const authenticator = await addVirtualAuthenticator(context, page);
    return { context, page, cspViolations, mediations, authenticator };
  }

  type Person = Awaited<ReturnType<typeof newPerson>>;

  /**
   * The sign-in page, once its script has shown the passkey button. The authenticator is told to
   * wait meanwhile: with automatic presence it would answer the page's autofill request at once.
   */
  async function openSignIn(
    { page, authenticator }: Person,
    url = "/api/auth/signin?callbackUrl=%2Fprotected",
  ) {
    await authenticator.presence(false);
    await page.goto(`${app.web.url}${url}`);
    await page.getByRole("button", { name: "Sign in with a passkey" }).waitFor();
  }

  /** Clicks the passkey button, the authenticator answering the modal request it makes. */
  async function clickPasskeyButton({ page, authenticator }: Person): Promise<void> {
    await authenticator.presence(true);
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  }

  it("is on for the app opened on localhost", () => {
    assert.ok(
      app.serverLog.some((line) => line.startsWith("passkeys: on for localhost")),
      app.serverLog.join("\n"),
    );
  });

  it("registers a passkey, signs in with the button and with autofill; a deleted passkey is refused on the page", async () => {
    const { web } = app;
    const demo = web.demo;
    assert.ok(demo, "development mode has a demo account");
    const person = await newPerson();
    const { context, page, mediations } = person;
    try {
      // Signed in with the password, the account registers a passkey (the account console's job; here
      // its JSON endpoints are called from the page).
      await signInWithPassword(page, web, demo);
      await page.waitForURL(`${web.url}/protected`);
      const registered = await registerPasskey(page, "Test laptop");
      assert.equal((registered.passkey as { name: string }).name, "Test laptop");
      await signOut(page, web);

      // The button: it aborts the waiting autofill request and makes a modal one, which the
      // authenticator answers; then the callback URL.
      mediations.length = 0;
      await openSignIn(person);
      await page.screenshot({ path: `${SHOTS}/signin-with-passkey.png`, fullPage: true });
      await clickPasskeyButton(person);
      await page.waitForURL(`${web.url}/protected`);
      assert.equal(await sessionEmail(page, web), demo.email);
      assert.deepEqual(mediations, ["conditional", "optional"]);
      await signOut(page, web);

      // Autofill: the email field offers passkeys (autocomplete="username webauthn") and the page makes
      // a conditional request on load. Headless Chromium shows no autofill list to pick from: its
      // virtual authenticator answers a conditional request at once when it starts with automatic
      // presence on (and never, even when the field is focused, when it started without). So the
      // page signs in by itself, through the conditional request alone, with no click.
      mediations.length = 0;
      await person.authenticator.presence(true);
      await page.goto(`${web.url}/api/auth/signin?callbackUrl=%2Fprotected`);
      await page.waitForURL(`${web.url}/protected`);
      assert.equal(await sessionEmail(page, web), demo.email);
      assert.deepEqual(mediations, ["conditional"]);
      await openSignIn(person);
      const email = page.getByRole("form", { name: "Sign in with Email and password" }).getByLabel("Email");
      assert.equal(await email.getAttribute("autocomplete"), "username webauthn");
      assert.equal(await page.evaluate(() => PublicKeyCredential.isConditionalMediationAvailable()), true);

      // Deleted on the server, the passkey still sits in the authenticator: the button's sign-in is
      // refused with the catalogue's message in the page's alert, and nobody is signed in.
      const listed = await page.context().request.get(`${web.url}/api/auth/passkeys`);
      const { passkeys } = (await listed.json()) as { passkeys: { id: string }[] };
      assert.equal(passkeys.length, 1);
      const deleted = await postFromPage(page, "passkey-delete", { id: passkeys[0]!.id });
      assert.equal(deleted.status, 200, JSON.stringify(deleted.body));
      await signOut(page, web);
      await openSignIn(person);
      await clickPasskeyButton(person);
      const alert = page.getByRole("alert");
      await alert.filter({ hasText: errorCatalogue.PasskeyInvalid.message }).waitFor();
      assert.equal(await alert.textContent(), errorCatalogue.PasskeyInvalid.message);
      assert.equal(page.url(), `${web.url}/api/auth/signin?callbackUrl=%2Fprotected`);
      assert.equal(await sessionEmail(page, web), null);
      await page.screenshot({ path: `${SHOTS}/signin-passkey-refused.png`, fullPage: true });
      assert.deepEqual(person.cspViolations, []);
    } catch (error) {
      console.error(`server log:\n${app.serverLog.join("\n")}`);
      throw error;
    } finally {
      await context.close();
    }
  });

  it("signs up with a passkey only, confirms the address from the mailbox, then signs in with it", async () => {
    const { web } = app;
    const address = "quinn@example.test";
    const person = await newPerson();
    const { context, page, cspViolations } = person;
    try {
      await openSignIn(person);
      await person.authenticator.presence(true);
      await page.getByRole("link", { name: "Create an account with a passkey" }).click();
      await page.waitForURL(`${web.url}/api/auth/passkey-signup?**`);
      assert.equal(
        await page.getByRole("heading", { level: 1 }).textContent(),
        "Create an account with a passkey",
      );
      // The script found passkey support: the form is shown and the "needs a browser" note hidden.
      await page.getByRole("button", { name: "Create account with a passkey" }).waitFor();
      assert.equal(await page.getByText("needs a browser that supports passkeys").isVisible(), false);
      await page.getByLabel("Email").fill(address);
      await page.getByLabel("Name (optional)").fill("Quinn Example");
      await page.screenshot({ path: `${SHOTS}/passkey-signup.png`, fullPage: true });
      await page.getByRole("button", { name: "Create account with a passkey" }).click();
      await page.waitForURL(`${web.url}/api/auth/verify-request?provider=passkey&type=signup`);
      assert.equal(await page.getByRole("heading", { level: 1 }).textContent(), "Check your email");

      // Not confirmed yet: the passkey is refused, and a new link is mailed.
      await openSignIn(person);
      await clickPasskeyButton(person);
      await page.getByRole("alert").filter({ hasText: errorCatalogue.EmailNotVerified.message }).waitFor();

      await page.goto(`${web.url}/dev/mailbox`);
      await page
        .getByRole("link", { name: `Confirm the email of ${address}` })
        .first()
        .click();
      await page.waitForURL(`${web.url}/api/auth/verify-email?**`);
      await page.getByRole("button", { name: "I created this account: confirm" }).click();
      const signInLink = page.getByRole("link", { name: /sign in/i });
      const signInUrl = new URL((await signInLink.getAttribute("href")) ?? "", web.url);
      await openSignIn(person, `${signInUrl.pathname}${signInUrl.search}`);
      await clickPasskeyButton(person);
      await page.waitForURL((url) => !url.pathname.startsWith("/api/auth/"));
      assert.equal(await sessionEmail(page, web), address);
      assert.deepEqual(cspViolations, []);
    } catch (error) {
      console.error(`server log:\n${app.serverLog.join("\n")}`);
      throw error;
    } finally {
      await context.close();
    }
  });

  it("without JavaScript: no passkey button, the password form still signs in, passkey sign-up says what it needs", async () => {
    const { web } = app;
    const demo = web.demo;
    assert.ok(demo);
    const context = await app.browser.newContext({
      viewport: { width: 1100, height: 900 },
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    try {
      await page.goto(`${web.url}/api/auth/signin?callbackUrl=%2Fprotected`);
      assert.equal(await page.getByRole("button", { name: "Sign in with a passkey" }).isVisible(), false);
      assert.equal(
        await page.getByRole("link", { name: "Create an account with a passkey" }).isVisible(),
        false,
      );
      await signInWithPassword(page, web, demo);
      await page.waitForURL(`${web.url}/protected`);
      assert.equal(await sessionEmail(page, web), demo.email);

      await page.goto(`${web.url}/api/auth/passkey-signup`);
      assert.ok(await page.getByText("needs a browser that supports passkeys").isVisible());
      assert.equal(
        await page.getByRole("button", { name: "Create account with a passkey" }).isVisible(),
        false,
      );
      await page.screenshot({ path: `${SHOTS}/passkey-signup-without-javascript.png`, fullPage: true });
    } finally {
      await context.close();
    }
  });
});
