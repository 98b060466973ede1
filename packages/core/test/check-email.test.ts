/**
 * Issue 23: "check your email" after sign-up showed no address and offered no way to get the mail
 * again. The page now shows the address it wrote to and a "send again" form; after a sign-up that
 * form posts to `resend-verification`, which answers alike for every address.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { createMemoryAdapter } from "../src/adapter/memory-adapter.ts";
import { Email, gatehouse, Password, type PasswordMail, type VerificationRequest } from "../src/index.ts";
import { APP, formFields, SECRET, TestBrowser } from "./support/flows.ts";
import { seedPasswordUser } from "./support/seed.ts";

function app() {
  const adapter = createMemoryAdapter();
  const mails: PasswordMail[] = [];
  const links: VerificationRequest[] = [];
  const auth = gatehouse({
    secret: SECRET,
    url: `${APP}/api/auth`,
    adapter,
    providers: [
      Email({ sendVerificationRequest: async (request) => void links.push(request) }),
      Password({ sendMail: async (mail) => void mails.push(mail) }),
    ],
    rateLimit: false,
  });
  return { adapter, mails, links, browser: () => new TestBrowser((request) => auth.handler(request)) };
}

async function settle(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 50));
}

/** Posts the page's "send again" form as the person's click would. */
async function sendAgain(browser: TestBrowser, page: string): Promise<Response> {
  const action = /<form[^>]*action="([^"]*)"/.exec(page)?.[1] ?? "";
  assert.ok(action, "the page has a send-again form");
  return browser.request(action, { form: formFields(page) });
}

test("after a sign-up: the address, and send again mails a new confirmation link", async () => {
  const { mails, browser } = app();
  const person = browser();
  const csrfToken = await person.csrf();
  const signedUp = await person.request("/api/auth/signup", {
    form: { csrfToken, email: "ana@example.test", password: "correct horse battery staple" },
  });
  const page = await (await person.request(signedUp.headers.get("location") ?? "")).text();
  assert.match(page, /Email address: ana@example\.test/);
  await settle();
  assert.equal(mails.filter((m) => m.kind === "verify-email").length, 1);
  const again = await sendAgain(person, page);
  const location = new URL(again.headers.get("location") ?? "");
  assert.equal(location.pathname, "/api/auth/verify-request");
  assert.equal(location.searchParams.get("type"), "signup");
  assert.equal(location.searchParams.get("resent"), "1");
  assert.match(await (await person.request(location.href)).text(), /role="status">Sent again/);
  await settle();
  assert.equal(mails.filter((m) => m.kind === "verify-email" && m.to === "ana@example.test").length, 2);
});

test("resend-verification: the same answer for a confirmed, an unknown and an unconfirmed address", async () => {
  const { adapter, mails, browser } = app();
  await seedPasswordUser(adapter, "done@example.test", { now: Date.now() });
  await adapter.createUser({ email: "new@example.test", emailVerified: null, name: null, image: null });
  const answer = async (email: string) => {
    const b = browser();
    const response = await b.request("/api/auth/resend-verification", {
      form: { csrfToken: await b.csrf(), email },
    });
    const url = new URL(response.headers.get("location") ?? "");
    url.searchParams.delete("email");
    return { status: response.status, location: url.href };
  };
  const shapes = [
    await answer("done@example.test"),
    await answer("nobody@example.test"),
    await answer("new@example.test"),
  ];
  assert.deepEqual(shapes[0], shapes[1]);
  assert.deepEqual(shapes[1], shapes[2]);
  await settle();
  assert.deepEqual(
    mails.map((m) => m.to),
    ["new@example.test"],
  );
});

test("after an email sign-in link: the address, and send again posts to the email provider", async () => {
  const { links, browser } = app();
  const person = browser();
  const asked = await person.request("/api/auth/signin/email", {
    form: { csrfToken: await person.csrf(), email: "ana@example.test" },
  });
  const page = await (await person.request(asked.headers.get("location") ?? "")).text();
  assert.match(page, /Email address: ana@example\.test/);
  assert.match(page, /action="http:\/\/localhost:3000\/api\/auth\/signin\/email"/);
  await sendAgain(person, page);
  assert.equal(links.length, 2);
});

test("a verify-request URL with something other than an address shows none and offers nothing", async () => {
  const page = await (
    await app().browser().request("/api/auth/verify-request?provider=email&type=email&email=%3Cb%3E")
  ).text();
  assert.doesNotMatch(page, /Email address|<form/);
});
