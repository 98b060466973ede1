/**
 * Issue 23: the "too many attempts" answer to a browser's form was the 429 page itself, so a reload
 * posted the form again (and counted again). The POST is now redirected to GET error?error=RateLimited
 * with `until` and `scope`, which renders the 429 page counting down; JSON clients are unchanged.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { createMemoryAdapter } from "../src/adapter/memory-adapter.ts";
import { gatehouse, Password } from "../src/index.ts";
import { APP, SECRET, TestBrowser } from "./support/flows.ts";

function app() {
  const clock = { now: Date.UTC(2026, 0, 5, 9, 0, 0) };
  const auth = gatehouse({
    secret: SECRET,
    url: `${APP}/api/auth`,
    adapter: createMemoryAdapter(),
    providers: [Password({ sendMail: async () => {} })],
    now: () => clock.now,
  });
  const browser = () => new TestBrowser((request) => auth.handler(request, { clientAddress: "192.0.2.7" }));
  return { clock, browser };
}

async function forgot(browser: TestBrowser, json = false): Promise<Response> {
  const csrfToken = await browser.csrf();
  return browser.request("/api/auth/forgot-password", {
    form: { csrfToken, email: "ana@example.test" },
    ...(json ? { headers: { "x-auth-return-redirect": "1" } } : {}),
  });
}

test("a refused form POST: 303 to the 429 page, which a reload shows again counting down", async () => {
  const { clock, browser } = app();
  const person = browser();
  for (let i = 0; i < 3; i++) assert.equal((await forgot(person)).status, 302);
  const refused = await forgot(person);
  assert.equal(refused.status, 303);
  const location = refused.headers.get("location") ?? "";
  const url = new URL(location);
  assert.equal(url.searchParams.get("error"), "RateLimited");
  assert.equal(url.searchParams.get("scope"), "account");
  const page = await person.request(location);
  assert.equal(page.status, 429);
  const wait = Number(page.headers.get("retry-after"));
  assert.ok(wait > 0 && wait <= 15 * 60, `Retry-After ${wait}`);
  assert.match(await page.text(), /Attempts for this account or email address are paused/);
  clock.now += 60_000;
  const reload = await person.request(location);
  assert.equal(Number(reload.headers.get("retry-after")), wait - 60);
  clock.now += wait * 1000;
  const later = await person.request(location);
  assert.equal(later.headers.get("retry-after"), null, "a past end shows the plain page");
  assert.match(await later.text(), /Wait a moment, then try again\./);
});

test("JSON clients still get the 429 with its url", async () => {
  const { browser } = app();
  const client = browser();
  for (let i = 0; i < 3; i++) await forgot(client, true);
  const refused = await forgot(client, true);
  assert.equal(refused.status, 429);
  const body = (await refused.json()) as { error: string; url: string };
  assert.equal(body.error, "RateLimited");
  assert.match(body.url, /\/api\/auth\/error\?error=RateLimited$/);
});

test("GET error?error=RateLimited with a forged until or scope shows nothing of them", async () => {
  const page = await app()
    .browser()
    .request("/api/auth/error?error=RateLimited&until=99999999999&scope=%3Cb%3E");
  assert.equal(page.status, 429);
  assert.equal(page.headers.get("retry-after"), null);
  assert.doesNotMatch(await page.text(), /paused|<b>/);
});
