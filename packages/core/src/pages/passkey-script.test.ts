/**
 * The passkey script's logic on a stand-in for the browser (just the parts it touches). The real
 * browser runs it in e2e/passkeys.test.ts; this pins the feature detection and the order of calls.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { runInNewContext } from "node:vm";
import { PASSKEY_SCRIPT } from "./passkey-script.ts";

const DATA = {
  passkey: "signin",
  base: "http://localhost:3000/api/auth",
  csrfToken: "csrf-1",
  callbackUrl: "http://localhost:3000/home",
  failure: "That passkey could not sign you in.",
};

type Listener = (event?: { preventDefault(): void }) => Promise<void> | void;

/** A page with the passkey part and an <h1>, and a browser whose WebAuthn parts `webauthn` gives. */
function fakeBrowser(
  webauthn: {
    PublicKeyCredential?: unknown;
    get?: (options: unknown) => Promise<unknown>;
  },
  data: Record<string, string> = {},
) {
  const listeners = new Map<string, Listener>();
  const button = {
    disabled: false,
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
  };
  const root = { hidden: true, dataset: { ...DATA, ...data }, querySelector: () => button };
  const inserted: { className: string; role: string | null; textContent: string }[] = [];
  const heading = { after: (box: (typeof inserted)[number]) => inserted.push(box) };
  const document = {
    querySelector(selector: string) {
      if (selector === "[data-passkey]") return root;
      if (selector === "h1") return heading;
      if (selector === "[role=alert]") return inserted[0] ?? null;
      return null;
    },
    querySelectorAll: () => [],
    createElement: () => ({
      className: "",
      role: null as string | null,
      textContent: "",
      setAttribute(name: string, value: string) {
        if (name === "role") this.role = value;
      },
    }),
  };
  const posts: { url: string; body: Record<string, string> }[] = [];
  const answers: unknown[] = [];
  const fetch = async (url: string, init: { body: string }) => {
    posts.push({ url, body: JSON.parse(init.body) });
    const answer = answers.shift() ?? {};
    return { ok: !(answer as { error?: string }).error, json: async () => answer };
  };
  const assigned: string[] = [];
  const window = webauthn.PublicKeyCredential ? { PublicKeyCredential: webauthn.PublicKeyCredential } : {};
  runInNewContext(PASSKEY_SCRIPT, {
    window,
    document,
    fetch,
    navigator: { credentials: { get: webauthn.get } },
    location: { assign: (url: string) => assigned.push(url) },
    AbortController,
    FormData,
    JSON,
    Boolean,
  });
  return { root, button, listeners, posts, answers, assigned, inserted };
}

/** A WebAuthn Level 3 `PublicKeyCredential` with conditional mediation `conditional`. */
function level3(conditional: boolean) {
  class PublicKeyCredential {
    static parseRequestOptionsFromJSON = (json: unknown) => ({ parsed: json });
    static parseCreationOptionsFromJSON = (json: unknown) => ({ parsed: json });
    static isConditionalMediationAvailable = async () => conditional;
    toJSON() {
      return { id: "cred-1", type: "public-key" };
    }
  }
  return PublicKeyCredential;
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

test("the script is valid JavaScript and holds no request data", () => {
  assert.doesNotThrow(() => new Function(PASSKEY_SCRIPT));
  assert.doesNotMatch(PASSKEY_SCRIPT, /<\/script|localhost|csrf-/i);
});

test("a browser without WebAuthn Level 3's JSON methods: the passkey part stays hidden, nothing is fetched", async () => {
  // A Level 2 browser: PublicKeyCredential without the JSON methods.
  const withoutParse = Object.assign(() => {}, { isConditionalMediationAvailable: async () => true });
  for (const PublicKeyCredential of [undefined, withoutParse]) {
    const page = fakeBrowser({ PublicKeyCredential, get: async () => assert.fail("no request") });
    await settle();
    assert.equal(page.root.hidden, true);
    assert.equal(page.listeners.size, 0);
    assert.deepEqual(page.posts, []);
  }
});

test("autofill: with conditional mediation, options are fetched and a conditional request waits", async () => {
  const requests: { mediation: string; signal?: AbortSignal }[] = [];
  const page = fakeBrowser({
    PublicKeyCredential: level3(true),
    get: (options) => {
      requests.push(options as (typeof requests)[number]);
      return new Promise(() => {});
    },
  });
  page.answers.push({ options: { challenge: "c1" } });
  await settle();
  assert.equal(page.root.hidden, false);
  assert.deepEqual(page.posts, [{ url: `${DATA.base}/passkey-options`, body: { csrfToken: "csrf-1" } }]);
  assert.equal(requests.length, 1);
  assert.equal(requests[0]?.mediation, "conditional");
  assert.equal(requests[0]?.signal?.aborted, false);
});

test("the button aborts the autofill request, signs in with a modal one and follows { url }", async () => {
  const requests: { mediation: string; signal?: AbortSignal }[] = [];
  class PublicKeyCredential extends level3(true) {}
  const page = fakeBrowser({
    PublicKeyCredential,
    get: (options) => {
      const request = options as (typeof requests)[number];
      requests.push(request);
      if (request.mediation === "conditional") {
        return new Promise((_, reject) =>
          request.signal?.addEventListener("abort", () =>
            reject(Object.assign(new Error("aborted"), { name: "AbortError" })),
          ),
        );
      }
      return Promise.resolve(new PublicKeyCredential());
    },
  });
  page.answers.push({ options: { challenge: "c1" } }, { options: { challenge: "c2" } }, { url: "/home" });
  await settle();
  await page.listeners.get("click")?.();
  assert.equal(requests[0]?.signal?.aborted, true);
  assert.equal(requests[1]?.mediation, "optional");
  assert.deepEqual(
    page.posts.map((post) => post.url.slice(DATA.base.length + 1)),
    ["passkey-options", "passkey-options", "passkey-signin"],
  );
  assert.deepEqual(page.posts[2]?.body, {
    csrfToken: "csrf-1",
    response: JSON.stringify({ id: "cred-1", type: "public-key" }),
    callbackUrl: DATA.callbackUrl,
  });
  assert.deepEqual(page.assigned, ["/home"]);
  assert.equal(page.inserted.length, 0, "no error shown");
});

test("{ error, message } is shown in an alert; a cancelled request shows nothing", async () => {
  class PublicKeyCredential extends level3(false) {}
  let cancel = true;
  const page = fakeBrowser({
    PublicKeyCredential,
    get: async () => {
      if (cancel) throw Object.assign(new Error("cancelled"), { name: "NotAllowedError" });
      return new PublicKeyCredential();
    },
  });
  await settle();
  assert.deepEqual(page.posts, [], "no autofill without conditional mediation");
  page.answers.push({ options: {} });
  await page.listeners.get("click")?.();
  assert.equal(page.inserted.length, 0);
  assert.equal(page.button.disabled, false);

  cancel = false;
  page.answers.push({ options: {} }, { error: "PasskeyInvalid", message: "Not accepted.", url: "/signin" });
  await page.listeners.get("click")?.();
  assert.deepEqual(
    page.inserted.map(({ className, role, textContent }) => [className, role, textContent]),
    [["alert", "alert", "Not accepted."]],
  );
  assert.deepEqual(page.assigned, []);
  assert.equal(page.button.disabled, false);

  // An answer without a message (a 403 `{}`) shows the page's own failure text.
  page.answers.push({ error: "RateLimited" });
  await page.listeners.get("click")?.();
  assert.equal(page.inserted[0]?.textContent, DATA.failure);
});

test("a refusal is shown in the page's language: data-messages by code, else the answer's own message", async () => {
  class PublicKeyCredential extends level3(false) {}
  const messages = JSON.stringify({ PasskeyInvalid: "Passkey nicht akzeptiert." });
  const page = fakeBrowser({ PublicKeyCredential, get: async () => new PublicKeyCredential() }, { messages });
  await settle();
  page.answers.push({ options: {} }, { error: "PasskeyInvalid", message: "Not accepted." });
  await page.listeners.get("click")?.();
  assert.equal(page.inserted[0]?.textContent, "Passkey nicht akzeptiert.");
  // A code the page has no words for (JSON answers speak English): the answer's message.
  page.answers.push({ error: "InvalidBody", message: "The request body could not be read." });
  await page.listeners.get("click")?.();
  assert.equal(page.inserted[0]?.textContent, "The request body could not be read.");
  // "toString" is no code of the page's, however the object is asked.
  page.answers.push({ error: "toString" });
  await page.listeners.get("click")?.();
  assert.equal(page.inserted[0]?.textContent, DATA.failure);

  const broken = fakeBrowser(
    { PublicKeyCredential, get: async () => new PublicKeyCredential() },
    { messages: "{" },
  );
  await settle();
  broken.answers.push({ options: {} }, { error: "PasskeyInvalid", message: "Not accepted." });
  await broken.listeners.get("click")?.();
  assert.equal(broken.inserted[0]?.textContent, "Not accepted.", "unreadable data-messages: as before");
});

test("the autofill request fails silently until a passkey is picked (the person asked for nothing)", async () => {
  for (const failure of ["options", "browser"] as const) {
    const page = fakeBrowser({
      PublicKeyCredential: level3(true),
      get: async () => {
        throw Object.assign(new Error("no"), { name: "NotSupportedError" });
      },
    });
    page.answers.push(
      failure === "options" ? { error: "RateLimited", message: "Too many." } : { options: {} },
    );
    await settle();
    await settle();
    assert.equal(page.inserted.length, 0, failure);
    assert.equal(page.root.hidden, false);
  }
});

test("a click before the autofill request started: no autofill request, one ceremony at a time", async () => {
  const requests: string[] = [];
  class PublicKeyCredential extends level3(true) {}
  const page = fakeBrowser({
    PublicKeyCredential,
    get: async (options) => {
      requests.push((options as { mediation: string }).mediation);
      return new PublicKeyCredential();
    },
  });
  page.answers.push({ options: {} }, { url: "/home" });
  await page.listeners.get("click")?.();
  assert.deepEqual(requests, ["optional"]);
  assert.deepEqual(
    page.posts.map((post) => post.url.slice(DATA.base.length + 1)),
    ["passkey-options", "passkey-signin"],
  );
  assert.deepEqual(page.assigned, ["/home"]);
});
