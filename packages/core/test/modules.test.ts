/**
 * Feature modules (docs/modules.md): a module's endpoints are rows of the instance's action table,
 * behind the same dispatcher (CSRF, errors, JSON mode), with its messages in the request's language;
 * every misuse is a ConfigError at start-up that names the module.
 */
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";
import { en } from "../src/i18n/messages/en.ts";
import {
  AuthError,
  ConfigError,
  createMemoryAdapter,
  type GatehouseModule,
  type GatehouseOptions,
  gatehouse,
  json,
  type ModuleSignIn,
  redirect,
} from "../src/index.ts";
import { languages } from "../src/languages/index.ts";
import { APP, people, SECRET, signIn, TestBrowser } from "./support/flows.ts";

const ada = { id: "u-ada", name: "Ada", email: "ada@example.com" };

/**
 * The example module of docs/modules.md, run as written there: the block after the marker is written
 * to a git-ignored folder at the repository's root (so `@gatehouse/core` resolves as for an app) and
 * imported.
 */
async function docsExample(): Promise<GatehouseModule> {
  const root = fileURLToPath(new URL("../../../", import.meta.url));
  const docs = readFileSync(join(root, "docs/modules.md"), "utf8");
  const marker = docs.indexOf("<!-- the example module:");
  const block = /```ts\n([\s\S]*?)```/.exec(docs.slice(marker));
  assert.ok(marker !== -1 && block, "docs/modules.md has its example module after the marker");
  const folder = mkdtempSync(join(root, ".docs-code-blocks-module-"));
  try {
    const file = join(folder, "hello.ts");
    writeFileSync(file, block[1]!);
    return ((await import(pathToFileURL(file).href)) as { hello: GatehouseModule }).hello;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const hello = await docsExample();

/** A POST from the browser (CSRF-checked) and one from a machine (no cookies, no token). */
const notes: GatehouseModule = {
  id: "notes",
  endpoints: [
    {
      method: "POST",
      action: "note",
      answer: "json",
      async handle(request) {
        const userId = await request.userId();
        if (!userId) return json({ error: "SessionRequired" }, 401);
        return json({ saved: request.body.text ?? "", by: userId, at: request.now });
      },
    },
    {
      method: "POST",
      action: "note-hook",
      provider: "required",
      answer: "json",
      caller: "machine",
      handle: (request) => json({ from: request.providerId, signature: request.header("x-signature") }),
    },
  ],
};

function app(options: Partial<GatehouseOptions> = {}) {
  const auth = gatehouse({
    secret: SECRET,
    url: `${APP}/api/auth`,
    providers: [people({ ada })],
    logger: { error() {}, warn() {}, debug() {} },
    ...options,
  });
  return { auth, browser: new TestBrowser((request) => auth.handler(request)) };
}

test("a module's GET endpoint answers through the action table, with its messages in the request's language", async () => {
  // The German and French pages come from their language modules, listed as an app lists them.
  const { browser } = app({ modules: [hello, ...languages] });
  const guest = await browser.request("/api/auth/hello");
  assert.equal(guest.status, 200);
  assert.match(guest.headers.get("cache-control") ?? "", /no-store/);
  assert.deepEqual(await guest.json(), { greeting: "Hello, guest" });
  await signIn(browser, "ada");
  assert.deepEqual(await (await browser.request("/api/auth/hello")).json(), { greeting: "Hello, Ada" });
  assert.deepEqual(await (await browser.request("/api/auth/hello?lang=de")).json(), {
    greeting: "Hallo, Ada",
  });
  // French is offered but the module has no French: English.
  assert.deepEqual(await (await browser.request("/api/auth/hello?lang=fr")).json(), {
    greeting: "Hello, Ada",
  });
  // The action takes GET only; the dispatcher says so as for core's rows.
  const post = await browser.request("/api/auth/hello", { form: { csrfToken: await browser.csrf() } });
  assert.equal(post.status, 405);
  assert.equal(post.headers.get("allow"), "GET");
});

test("without the module its action is unknown: 404 UnknownAction", async () => {
  const { browser } = app();
  const response = await browser.request("/api/auth/hello");
  assert.equal(response.status, 404);
  assert.equal(((await response.json()) as { error: string }).error, "UnknownAction");
});

test("a browser POST of a module needs the CSRF token (attack: a cross-site form posting to a module's endpoint)", async () => {
  const { browser } = app({ modules: [notes] });
  await signIn(browser, "ada");
  const forged = await browser.request("/api/auth/note", { form: { text: "from evil.example" } });
  assert.equal(forged.status, 403);
  assert.deepEqual(await forged.json(), {});
  const csrfToken = await browser.csrf();
  const saved = await browser.request("/api/auth/note", { form: { text: "hi", csrfToken } });
  assert.equal(saved.status, 200);
  const body = (await saved.json()) as { saved: string; by: string; at: number };
  assert.equal(body.saved, "hi");
  assert.equal(body.by, "u-ada");
  assert.equal(typeof body.at, "number");
});

test("a machine endpoint of a module takes no CSRF token and sets no cookie", async () => {
  const { auth } = app({ modules: [notes] });
  const response = await auth.handler(
    new Request(`${APP}/api/auth/note-hook/acme`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-signature": "v1,abc" },
      body: "{}",
    }),
  );
  assert.equal(response.status, 200);
  assert.deepEqual(response.headers.getSetCookie(), []);
  assert.deepEqual(await response.json(), { from: "acme", signature: "v1,abc" });
});

test("a module cannot take over an endpoint of core or of another module: a start-up error names both", () => {
  const session: GatehouseModule = {
    id: "session-thief",
    endpoints: [
      { method: "GET", action: "session", answer: "json", handle: () => json({ user: "mallory" }) },
    ],
  };
  assert.throws(() => app({ modules: [session] }), {
    name: "TypeError",
    message: /GET session is added by module "session-thief" and by core/,
  });
  const twin: GatehouseModule = { id: "hello-again", endpoints: hello.endpoints ?? [] };
  assert.throws(() => app({ modules: [hello, twin] }), {
    message: /GET hello is added by module "hello-again" and by module "hello"/,
  });
  // The same action for another method, or with a provider segment, is another endpoint.
  const other: GatehouseModule = {
    id: "hello-post",
    endpoints: [{ method: "POST", action: "hello", answer: "json", handle: () => json({}) }],
  };
  assert.doesNotThrow(() => app({ modules: [hello, other] }));
});

test("misused modules are ConfigErrors that say what to change", () => {
  const cases: Array<[unknown, RegExp]> = [
    [{ modules: hello }, /modules must be a list/],
    [{ modules: [{ id: "Hello" }] }, /modules\[0\] must be a module object whose id is lower-case/],
    [{ modules: [hello, hello] }, /modules lists "hello" twice/],
    [
      { modules: [{ id: "x", endpoints: [{ method: "PUT", action: "x", answer: "json", handle() {} }] }] },
      /endpoints\[0\]\.method/,
    ],
    [
      { modules: [{ id: "x", endpoints: [{ method: "GET", action: "a/b", answer: "json", handle() {} }] }] },
      /endpoints\[0\]\.action/,
    ],
    [
      { modules: [{ id: "x", endpoints: [{ method: "GET", action: "x", answer: "html", handle() {} }] }] },
      /endpoints\[0\]\.answer/,
    ],
    [
      { modules: [{ id: "x", endpoints: [{ method: "GET", action: "x", answer: "json" }] }] },
      /endpoints\[0\]\.handle/,
    ],
    [{ modules: [{ id: "x", messages: { en: { greeting: "Hi" } } }] }, /own keys begin with "x\."/],
    [{ modules: [{ id: "x", messages: { de: { "x.greeting": "Hallo" } } }] }, /has no English message/],
    [
      { modules: [{ id: "x", messages: { en: { "x.a": "Hi" }, de: { "x.a": "Hallo {name}" } } }] },
      /uses \{name\}/,
    ],
    [{ modules: [{ id: "x", messages: { "not a tag": {} } }] }, /is not a language tag/],
    [{ modules: [{ id: "x", check: "yes" }] }, /check must be a function/],
  ];
  for (const [options, message] of cases) {
    assert.throws(
      () => app(options as Partial<GatehouseOptions>),
      (error: unknown) => {
        assert.ok(error instanceof ConfigError, String(error));
        assert.match(error.message, message);
        return true;
      },
    );
  }
});

test("a module's start-up check sees the adapter and stops start-up with its own message", () => {
  const seen: unknown[] = [];
  const needsStore: GatehouseModule = {
    id: "needs-store",
    check({ adapter, basePath }) {
      seen.push(basePath);
      if (!adapter)
        throw new ConfigError('Gatehouse: module "needs-store" needs an adapter with a notes store.');
    },
  };
  assert.throws(() => app({ modules: [needsStore] }), /needs an adapter with a notes store/);
  assert.deepEqual(seen, ["/api/auth"]);
});

test("a module's own messages in a language do not offer it: without the German language module, English", async () => {
  const { browser } = app({ modules: [hello] });
  const asked = { headers: { "accept-language": "de" } };
  assert.deepEqual(await (await browser.request("/api/auth/hello?lang=de", asked)).json(), {
    greeting: "Hello, guest",
  });
});

test("a language module adds a language to the pages: every core message, offered and negotiated", async () => {
  const dutch = Object.fromEntries(Object.keys(en).map((key) => [key, `[nl] ${en[key as keyof typeof en]}`]));
  dutch["signin.title"] = "Inloggen";
  const nl: GatehouseModule = { id: "language-nl", messages: { nl: dutch } };
  const { browser } = app({ modules: [nl] });
  const page = await browser.request("/api/auth/signin", {
    headers: { "accept-language": "nl-NL,nl;q=0.9" },
  });
  const html = await page.text();
  assert.match(html, /<html lang="nl"/);
  assert.match(html, /Inloggen/);
  // The app's own words win over the module's, key by key.
  const { browser: overridden } = app({
    modules: [nl],
    i18n: { messages: { nl: { "signin.title": "Aanmelden" } } },
  });
  const again = await (await overridden.request("/api/auth/signin?lang=nl")).text();
  assert.match(again, /Aanmelden/);
  // A language module that leaves keys out is refused, with what is missing.
  const partial: GatehouseModule = { id: "language-xx", messages: { nl: { "signin.title": "Inloggen" } } };
  assert.throws(() => app({ modules: [partial] }), /adds a language, so it must give every message/);
});

test("a module's redirect goes to the app's own origin only (attack: an open redirect through a module)", async () => {
  const bounce: GatehouseModule = {
    id: "bounce",
    endpoints: [
      {
        method: "GET",
        action: "bounce",
        answer: "page",
        handle: (request) => redirect(request.url.searchParams.get("to") ?? "/"),
      },
    ],
  };
  const { browser } = app({ modules: [bounce] });
  const home = await browser.request("/api/auth/bounce?to=/dashboard");
  assert.equal(home.status, 302);
  assert.equal(home.headers.get("location"), `${APP}/dashboard`);
  for (const to of ["https://evil.example/", "//evil.example/x", "javascript:alert(1)"]) {
    const refused = await browser.request(`/api/auth/bounce?to=${encodeURIComponent(to)}`);
    assert.equal(refused.status, 302, to);
    assert.ok(refused.headers.get("location")?.startsWith(`${APP}/`), to);
    assert.ok(!refused.headers.get("location")?.includes("evil.example"), to);
    assert.match(refused.headers.get("location") ?? "", /\/api\/auth\/error\?error=Configuration/, to);
  }
});

declare module "../src/index.ts" {
  interface ModuleErrorCodes {
    NoteTooLong: true;
    NoteStoreDown: true;
    NoteUndeclared: true;
  }
}

/** A module with codes of its own, thrown from its endpoint. */
const strictNotes: GatehouseModule = {
  id: "strict-notes",
  errors: {
    NoteTooLong: { status: 413, message: "The note is too long.", cause: "A note over 10 characters." },
    NoteStoreDown: { status: 503, message: "Notes are unavailable.", cause: "The notes store failed." },
  },
  endpoints: [
    {
      method: "POST",
      action: "strict-note",
      answer: "json",
      handle(request) {
        const text = request.body.text ?? "";
        if (text === "down") throw new AuthError("NoteStoreDown", { cause: new Error("ECONNREFUSED") });
        if (text === "undeclared") throw new AuthError("NoteUndeclared");
        if (text === "bug") throw new Error("a module's own bug, with /srv/app/notes.ts:12 in its stack");
        if (text.length > 10) throw new AuthError("NoteTooLong");
        return json({ saved: text });
      },
    },
  ],
};

test("a module's error codes answer {error, message} with their status; undeclared codes and bugs answer Configuration, never a stack", async () => {
  const lines: string[] = [];
  const log = (level: string) => (code: string, detail?: unknown) =>
    lines.push(`${level} ${code} ${String(detail)}`);
  const { browser } = app({
    modules: [strictNotes],
    logger: { error: log("error"), warn: log("warn"), debug: log("debug") },
  });
  const post = async (text: string) =>
    browser.request("/api/auth/strict-note", { form: { text, csrfToken: await browser.csrf() } });
  const ok = await post("short");
  assert.deepEqual([ok.status, await ok.json()], [200, { saved: "short" }]);
  const long = await post("far too long for a note");
  assert.deepEqual(
    [long.status, await long.json()],
    [413, { error: "NoteTooLong", message: "The note is too long." }],
  );
  const down = await post("down");
  assert.deepEqual(
    [down.status, await down.json()],
    [503, { error: "NoteStoreDown", message: "Notes are unavailable." }],
  );
  assert.ok(
    lines.some((line) => line.startsWith("error NoteStoreDown")),
    "a 5xx module code is logged as an error",
  );
  for (const text of ["undeclared", "bug"]) {
    const failed = await post(text);
    const body = (await failed.json()) as { error: string; message: string };
    assert.equal(failed.status, 500, text);
    assert.equal(body.error, "Configuration", text);
    assert.doesNotMatch(JSON.stringify(body), /notes\.ts|NoteUndeclared|stack/, text);
  }
});

test("a module's error code may not reuse core's or another module's", () => {
  const clash: GatehouseModule = {
    id: "clash",
    errors: { RateLimited: { status: 429, message: "Slow down.", cause: "—" } },
  };
  assert.throws(
    () => app({ modules: [clash] }),
    /adds the error code RateLimited, which core has; .*ClashRateLimited/,
  );
  const twin: GatehouseModule = { id: "twin", errors: strictNotes.errors ?? {} };
  assert.throws(
    () => app({ modules: [strictNotes, twin] }),
    /adds the error code NoteTooLong, which module "strict-notes" has/,
  );
  const bad: Array<[GatehouseModule["errors"], RegExp]> = [
    [{ "note-too-long": { status: 400, message: "x", cause: "" } }, /PascalCase/],
    [{ NoteBad: { status: 200, message: "x", cause: "" } }, /status must be an HTTP error status/],
    [{ NoteBad: { status: 400, message: "", cause: "" } }, /message must be a non-empty string/],
  ];
  for (const [errors, message] of bad) {
    assert.throws(() => app({ modules: [{ id: "bad", ...(errors ? { errors } : {}) }] }), message);
  }
});

test("a module's sign-in gate turns a person away before any session (attack: signing in around an SSO-only rule)", async () => {
  const seen: ModuleSignIn[] = [];
  const ssoOnly: GatehouseModule = {
    id: "sso-only",
    signIn: {
      gate(signIn) {
        seen.push(signIn);
        if (signIn.email?.endsWith("@example.com")) throw new AuthError("AccessDenied");
        return null;
      },
    },
  };
  const adapter = createMemoryAdapter();
  const bob = { id: "u-bob", name: "Bob", email: "bob@elsewhere.example" };
  const { auth, browser } = app({ adapter, modules: [ssoOnly], providers: [people({ ada, bob })] });
  const refused = await signIn(browser, "ada");
  assert.equal(refused.status, 302);
  assert.equal(refused.headers.get("location"), `${APP}/api/auth/error?error=AccessDenied`);
  assert.equal(browser.jar.has("gatehouse.session-token"), false, "no session for a refused sign-in");
  assert.equal(seen.length, 1);
  assert.deepEqual(
    { ...seen[0], userId: "(stored)" },
    {
      userId: "(stored)",
      email: "ada@example.com",
      method: "credentials",
      isNewUser: true,
    },
  );
  const audit = await adapter.queryAudit!({ limit: 10 });
  assert.ok(
    audit.entries.some((entry) => entry.kind === "sign-in-failed" && entry.detail.reason === "AccessDenied"),
    "the refusal is in the audit log",
  );
  // Someone the gate lets through gets a session as before.
  const other = new TestBrowser((request) => auth.handler(request));
  const allowed = await signIn(other, "bob");
  assert.equal(allowed.status, 302);
  assert.equal(allowed.headers.get("location"), `${APP}/dashboard`);
  assert.ok(other.jar.has("gatehouse.session-token"));
});

test("a gate may send the person to the module's own page (same origin only); `after` runs once the session exists and never fails the sign-in", async () => {
  const adapter = createMemoryAdapter();
  const afterSeen: Array<{ method: string; sessions: number }> = [];
  const terms: GatehouseModule = {
    id: "terms",
    signIn: {
      gate: (signIn) => (signIn.email === "new@example.com" ? redirect("/terms?step=accept") : null),
      async after(signIn, request) {
        afterSeen.push({ method: signIn.method, sessions: adapter.tables().sessions.length });
        assert.equal(request.locale, "en");
        throw new Error("the module's webhook is down");
      },
    },
  };
  const offsite: GatehouseModule = {
    id: "offsite",
    signIn: {
      gate: (signIn) => (signIn.email === "off@example.com" ? redirect("https://evil.example/") : null),
    },
  };
  const lines: string[] = [];
  const people3 = people({
    ada,
    nova: { id: "u-nova", name: "Nova", email: "new@example.com" },
    off: { id: "u-off", name: "Off", email: "off@example.com" },
  });
  const { browser, auth } = app({
    adapter,
    modules: [terms, offsite],
    providers: [people3],
    logger: {
      error: (code: string, detail?: unknown) => lines.push(`${code} ${JSON.stringify(detail)}`),
      warn() {},
      debug() {},
    },
  });
  const sent = await signIn(browser, "nova");
  assert.equal(sent.status, 302);
  assert.equal(sent.headers.get("location"), `${APP}/terms?step=accept`);
  assert.equal(browser.jar.has("gatehouse.session-token"), false);
  const off = await signIn(new TestBrowser((request) => auth.handler(request)), "off");
  assert.doesNotMatch(off.headers.get("location") ?? "", /evil\.example/);
  assert.match(off.headers.get("location") ?? "", /error=Configuration/);
  const signedIn = await signIn(new TestBrowser((request) => auth.handler(request)), "ada");
  assert.equal(signedIn.headers.get("location"), `${APP}/dashboard`);
  assert.deepEqual(afterSeen, [{ method: "credentials", sessions: 1 }]);
  assert.ok(
    lines.some(
      (line) =>
        line.startsWith("ModuleHookFailed") && line.includes("terms") && line.includes("webhook is down"),
    ),
  );
});

test("a module's messages write numbers as the request's language does, as core's messages do", async () => {
  const counter: GatehouseModule = {
    id: "counter",
    messages: { en: { "counter.notes": "{count} notes" }, de: { "counter.notes": "{count} Notizen" } },
    endpoints: [
      {
        method: "GET",
        action: "counter",
        answer: "json",
        handle: (request) =>
          json({ text: request.t("counter.notes", { count: 12345 }), left: request.t("counter.notes") }),
      },
    ],
  };
  const { browser } = app({ modules: [counter, ...languages] });
  assert.deepEqual(await (await browser.request("/api/auth/counter")).json(), {
    text: "12,345 notes",
    left: "{count} notes",
  });
  assert.deepEqual(await (await browser.request("/api/auth/counter?lang=de")).json(), {
    text: "12.345 Notizen",
    left: "{count} Notizen",
  });
});
