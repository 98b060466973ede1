import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { webAuthn } from "@gatehouse/passkeys";
import { ENDPOINTS } from "../src/actions/table.ts";
import { createMemoryAdapter } from "../src/adapter/memory-adapter.ts";
import { MAX_JSON_DEPTH } from "../src/http/json-shape.ts";
import { MAX_BODY_FIELDS } from "../src/http/read-body.ts";
import { gatehouse, Password } from "../src/index.ts";
import { APP, people, recordingLogger, SECRET, sessionOf, signIn, TestBrowser } from "./support/flows.ts";

// Issue 22, item 11: a POST body of JSON nested 20,000 deep (40 KB, well under the size limit)
// overflowed the stack where `data` was serialised again, and the request answered 500
// `Configuration`; a form's `data` field did the same in session update. Every body the server will
// not parse must be a 400 with a catalogue code, on every endpoint that takes a body.

const ada = { id: "ada", name: "Ada", email: "ada@example.test" };
const deep = (n: number) => `${"[".repeat(n)}${"]".repeat(n)}`;

/** An app with an update callback that keeps `session` in the token, as apps do (and so walks it). */
function app() {
  const logger = recordingLogger();
  const auth = gatehouse({
    secret: SECRET,
    url: `${APP}/api/auth`,
    adapter: createMemoryAdapter(),
    session: { strategy: "jwt" },
    providers: [people({ ada }), Password({ sendMail: async () => {} })],
    passkeys: { webAuthn: webAuthn() },
    callbacks: {
      jwt: ({ token, trigger, session }) => (trigger === "update" ? { ...token, kept: session } : token),
    },
    logger,
  });
  return { handler: auth.handler, logger };
}

/** Every POST of the action table, as a path (a provider id where the row needs one). */
const POSTS = ENDPOINTS.filter((row) => row.method === "POST").map(
  (row) => `/api/auth/${row.action}${row.provider === "required" ? "/credentials" : ""}`,
);

async function signedIn(handler: (request: Request) => Promise<Response>) {
  const browser = new TestBrowser(handler);
  await signIn(browser, "ada");
  assert.equal((await sessionOf(browser)).user?.email, ada.email);
  return { browser, csrfToken: await browser.csrf() };
}

describe("bodies the server will not parse are 400 with a catalogue code on every endpoint", () => {
  test(`the action table has the endpoints this suite covers (${POSTS.length} POSTs)`, () => {
    for (const path of ["session", "signin/credentials", "callback/credentials", "account-update"]) {
      assert.ok(POSTS.includes(`/api/auth/${path}`), path);
    }
  });

  const bodies: [name: string, type: string, body: (csrfToken: string) => string, code: string][] = [
    [
      "JSON `data` 20,000 arrays deep",
      "application/json",
      (t) => `{"csrfToken":"${t}","data":${deep(20_000)}}`,
      "InvalidBody",
    ],
    [
      "a JSON field 8,000 objects deep",
      "application/json",
      (t) => `{"csrfToken":"${t}","a":${'{"a":'.repeat(8000)}1${"}".repeat(8000)}}`,
      "InvalidBody",
    ],
    ["a JSON body 20,000 arrays deep", "application/json", () => deep(20_000), "InvalidBody"],
    [
      "a JSON object with 5,000 members",
      "application/json",
      (t) => `{"csrfToken":"${t}",${Array.from({ length: 5000 }, (_, i) => `"f${i}":"x"`).join(",")}}`,
      "BodyTooLarge",
    ],
    [
      "a form with 12,000 distinct fields",
      "application/x-www-form-urlencoded",
      (t) => `csrfToken=${t}&${Array.from({ length: 12_000 }, (_, i) => `${i.toString(36)}=`).join("&")}`,
      "BodyTooLarge",
    ],
    [
      "a form with one field 20,000 times",
      "application/x-www-form-urlencoded",
      (t) => `csrfToken=${t}${"&a=".repeat(20_000)}`,
      "BodyTooLarge",
    ],
  ];

  for (const [name, type, body, code] of bodies) {
    test(`${name}: ${code} on each POST, nothing logged as a server error`, async () => {
      const { handler, logger } = app();
      const { browser, csrfToken } = await signedIn(handler);
      for (const path of POSTS) {
        const response = await browser.request(path, {
          body: body(csrfToken),
          headers: { "content-type": type },
        });
        assert.equal(response.status, 400, `${path}: ${response.status}`);
        assert.equal(((await response.json()) as { error?: string }).error, code, path);
      }
      assert.deepEqual(logger.lines, []);
      assert.equal((await sessionOf(browser)).user?.email, ada.email, "still signed in");
    });
  }

  test("session update: a form `data` field of JSON nested 20,000 deep is InvalidBody", async () => {
    const { handler, logger } = app();
    const { browser, csrfToken } = await signedIn(handler);
    for (const data of [deep(8000), `{"a":${deep(MAX_JSON_DEPTH)}}`]) {
      const response = await browser.request("/api/auth/session", { form: { csrfToken, data } });
      assert.equal(response.status, 400);
      assert.equal(((await response.json()) as { error?: string }).error, "InvalidBody");
    }
    assert.deepEqual(logger.lines, []);
  });

  test("session update: `data` nested just within the limit still updates the session", async () => {
    const { handler, logger } = app();
    const { browser, csrfToken } = await signedIn(handler);
    // The body is one level; `data` takes the rest.
    const data = JSON.parse(deep(MAX_JSON_DEPTH - 1)) as unknown;
    const asJson = await browser.request("/api/auth/session", { json: { csrfToken, data } });
    assert.equal(asJson.status, 200);
    assert.equal(((await asJson.json()) as { user?: { email?: string } }).user?.email, ada.email);
    const asForm = await browser.request("/api/auth/session", {
      form: { csrfToken: await browser.csrf(), data: deep(MAX_JSON_DEPTH) },
    });
    assert.equal(asForm.status, 200);
    assert.deepEqual(logger.lines, []);
  });

  test("a passkey credential nested 8,000 deep in its `response` field is no credential, not a crash", async () => {
    const { handler, logger } = app();
    const { browser, csrfToken } = await signedIn(handler);
    for (const [options, path] of [
      ["/api/auth/passkey-options", "/api/auth/passkey-signin"],
      ["/api/auth/passkey-register-options", "/api/auth/passkey-register"],
    ] as const) {
      assert.equal((await browser.request(options, { json: { csrfToken } })).status, 200, options);
      const response = await browser.request(path, { form: { csrfToken, response: deep(8000) } });
      const answer = (await response.json()) as { error?: string };
      assert.ok(response.status >= 400 && response.status < 500, `${path}: ${response.status}`);
      assert.match(answer.error ?? "", /^Passkey(Invalid|RegistrationFailed)$/);
    }
    assert.deepEqual(
      logger.lines.map((line) => line.split(" ", 2).join(" ")),
      ["warn PasskeySignInFailed", "warn PasskeyRegistrationFailed"],
      "refused as any bad credential is, no server error",
    );
  });

  test(`exactly ${MAX_BODY_FIELDS} form fields are still read`, async () => {
    const { handler } = app();
    const browser = new TestBrowser(handler);
    const csrfToken = await browser.csrf();
    const extra = Array.from({ length: MAX_BODY_FIELDS - 3 }, (_, i) => `f${i}=x`).join("&");
    const response = await browser.request("/api/auth/callback/credentials", {
      body: `csrfToken=${csrfToken}&username=ada&callbackUrl=${encodeURIComponent(`${APP}/home`)}&${extra}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    assert.equal(response.status, 302);
    assert.equal((await sessionOf(browser)).user?.email, ada.email);
  });
});
