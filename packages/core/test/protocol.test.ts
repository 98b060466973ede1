import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { webAuthn } from "@gatehouse/passkeys";
import { Credentials, createMemoryAdapter, gatehouse, OIDC, Password } from "../src/index.ts";
import { SECRET, setCookie, TestBrowser } from "./browser.ts";

const quiet = { error() {}, warn() {} };

function setup(options: { basePath?: string; url?: string; trustHost?: boolean } = {}) {
  const auth = gatehouse({
    secret: SECRET,
    ...(options.url === undefined && !options.trustHost ? { url: "http://localhost:3000/api/auth" } : {}),
    ...options,
    logger: quiet,
    providers: [
      OIDC({ id: "acme", name: "Acme", issuer: "http://127.0.0.1:9/", clientId: "c", clientSecret: "s" }),
      Credentials({ credentials: { username: { label: "User name" } }, authorize: () => null }),
    ],
  });
  return { auth, browser: new TestBrowser(auth.handler) };
}

describe("routing and methods (protocol §1)", () => {
  test("unknown actions and extra segments: 404 {error: UnknownAction}", async () => {
    const { browser } = setup();
    for (const path of [
      "/api/auth/nope",
      "/api/auth/session/extra",
      "/api/auth/callback/acme/x",
      "/api/auth/",
      "/api/auth/csrf/acme",
    ]) {
      const response = await browser.request(path);
      assert.equal(response.status, 404, path);
      assert.equal(((await response.json()) as { error: string }).error, "UnknownAction", path);
    }
  });

  test("a known action with the wrong method: 405 with Allow", async () => {
    const { browser } = setup();
    const cases: Array<[string, string, string]> = [
      ["POST", "/api/auth/providers", "GET"],
      ["POST", "/api/auth/csrf", "GET"],
      ["PUT", "/api/auth/session", "GET, POST"],
      ["DELETE", "/api/auth/signout", "GET, POST"],
      ["POST", "/api/auth/verify-request", "GET"],
      ["POST", "/api/auth/error", "GET"],
      ["GET", "/api/auth/signin/acme", "POST"],
      ["GET", "/api/auth/callback/credentials", "POST"],
    ];
    for (const [method, path, allow] of cases) {
      const response = await browser.request(path, { method, ...(method === "POST" ? { form: {} } : {}) });
      assert.equal(response.status, 405, `${method} ${path}`);
      assert.equal(response.headers.get("allow"), allow, `${method} ${path}`);
    }
  });

  test("any base path works", async () => {
    const { browser } = setup({ url: "http://localhost:3000/custom/auth/path" });
    const response = await browser.request("/custom/auth/path/providers");
    assert.equal(response.status, 200);
    const body = (await response.json()) as Record<string, { signinUrl: string }>;
    assert.equal(body.acme?.signinUrl, "http://localhost:3000/custom/auth/path/signin/acme");
    assert.equal((await browser.request("/api/auth/providers")).status, 404);
  });

  test("unknown provider ids: 404 UnknownProvider", async () => {
    const { browser } = setup();
    const csrfToken = await browser.csrf();
    const response = await browser.request("/api/auth/signin/nobody", { form: { csrfToken } });
    assert.equal(response.status, 404);
    assert.equal(((await response.json()) as { error: string }).error, "UnknownProvider");
    assert.equal((await browser.request("/api/auth/callback/nobody")).status, 404);
  });
});

describe("responses (protocol §2)", () => {
  test("GET providers lists id, name, type, signinUrl, callbackUrl", async () => {
    const { browser } = setup();
    assert.deepEqual(await (await browser.request("/api/auth/providers")).json(), {
      acme: {
        id: "acme",
        name: "Acme",
        type: "oidc",
        signinUrl: "http://localhost:3000/api/auth/signin/acme",
        callbackUrl: "http://localhost:3000/api/auth/callback/acme",
      },
      credentials: {
        id: "credentials",
        name: "Credentials",
        type: "credentials",
        signinUrl: "http://localhost:3000/api/auth/signin/credentials",
        callbackUrl: "http://localhost:3000/api/auth/callback/credentials",
      },
    });
  });

  test("every entry's signinUrl and callbackUrl are BASE/signin/<id> and BASE/callback/<id>, Password and passkeys included (issue 23)", async () => {
    const auth = gatehouse({
      secret: SECRET,
      url: "http://localhost:3000/api/auth",
      logger: quiet,
      adapter: createMemoryAdapter(),
      providers: [Password({ sendMail: async () => {} })],
      passkeys: { webAuthn: webAuthn() },
    });
    const body = (await (
      await new TestBrowser(auth.handler).request("/api/auth/providers")
    ).json()) as Record<string, Record<string, string>>;
    assert.deepEqual(Object.keys(body), ["password", "passkey"]);
    assert.deepEqual(body.password, {
      id: "password",
      name: "Email and password",
      type: "credentials",
      signinUrl: "http://localhost:3000/api/auth/signin/password",
      callbackUrl: "http://localhost:3000/api/auth/callback/password",
    });
    assert.deepEqual(body.passkey, {
      id: "passkey",
      name: "Passkey",
      type: "webauthn",
      signinUrl: "http://localhost:3000/api/auth/signin/passkey",
      callbackUrl: "http://localhost:3000/api/auth/callback/passkey",
    });
  });

  test("GET csrf: {csrfToken}, no-cache headers, a token|mac cookie; the same token while the cookie lives", async () => {
    const { browser } = setup();
    const response = await browser.request("/api/auth/csrf");
    assert.equal(response.headers.get("cache-control"), "private, no-cache, no-store");
    assert.equal(response.headers.get("pragma"), "no-cache");
    assert.equal(response.headers.get("expires"), "0");
    const { csrfToken } = (await response.json()) as { csrfToken: string };
    assert.match(csrfToken, /^[0-9a-f]{64}$/);
    const cookie = browser.jar.get("gatehouse.csrf-token")!;
    assert.match(cookie, new RegExp(`^${csrfToken}\\|[0-9a-f]{64}$`));
    assert.equal(await browser.csrf(), csrfToken);
    browser.jar.set("gatehouse.csrf-token", `${csrfToken}|${"0".repeat(64)}`);
    assert.notEqual(await browser.csrf(), csrfToken, "a forged cookie is replaced");
  });

  test("GET session signed out: {} with no-cache headers; any request without a CSRF cookie gets one", async () => {
    const { browser } = setup();
    const response = await browser.request("/api/auth/session");
    assert.deepEqual(await response.json(), {});
    assert.equal(response.headers.get("cache-control"), "private, no-cache, no-store");
    assert.ok(setCookie(response, "gatehouse.csrf-token"));
  });

  test("built-in pages are HTML with CSP frame-ancestors 'none' and no-referrer", async () => {
    const { browser } = setup();
    for (const path of [
      "/api/auth/signin",
      "/api/auth/signout",
      "/api/auth/verify-request",
      "/api/auth/error",
    ]) {
      const response = await browser.request(path);
      assert.match(response.headers.get("content-type") ?? "", /^text\/html/, path);
      assert.match(response.headers.get("content-security-policy") ?? "", /frame-ancestors 'none'/, path);
      assert.equal(response.headers.get("referrer-policy"), "no-referrer", path);
    }
  });

  test("the sign-in page carries the CSRF token and the validated callback URL", async () => {
    const { browser } = setup();
    const page = await (await browser.request("/api/auth/signin?callbackUrl=%2Fafter")).text();
    const csrf = browser.jar.get("gatehouse.csrf-token")!.split("|")[0]!;
    assert.ok(page.includes(`value="${csrf}"`));
    assert.ok(page.includes('value="http://localhost:3000/after"'));
    assert.ok(page.includes('action="http://localhost:3000/api/auth/signin/acme"'));
    assert.ok(page.includes('action="http://localhost:3000/api/auth/callback/credentials"'));
    assert.equal(browser.jar.get("gatehouse.callback-url"), "http://localhost:3000/after");
    const evil = await (
      await browser.request("/api/auth/signin?callbackUrl=https%3A%2F%2Fevil.example")
    ).text();
    assert.ok(!evil.includes("evil.example"));
  });
});

describe("error codes (protocol §7)", () => {
  test("error?error=<sign-in code> redirects to the sign-in page with that code", async () => {
    const { browser } = setup();
    const response = await browser.request("/api/auth/error?error=OAuthAccountNotLinked");
    assert.equal(response.status, 302);
    assert.equal(
      response.headers.get("location"),
      "http://localhost:3000/api/auth/signin?error=OAuthAccountNotLinked",
    );
    const page = await (await browser.request("/api/auth/signin?error=OAuthAccountNotLinked")).text();
    assert.ok(page.includes("To confirm your identity, sign in with the same account you used originally."));
  });

  test("error page statuses: Configuration 500, AccessDenied 403, Verification 403, unknown → default page", async () => {
    const { browser } = setup();
    assert.equal((await browser.request("/api/auth/error?error=Configuration")).status, 500);
    assert.equal((await browser.request("/api/auth/error?error=AccessDenied")).status, 403);
    assert.equal((await browser.request("/api/auth/error?error=Verification")).status, 403);
    const unknown = await browser.request("/api/auth/error?error=%3Cscript%3Ealert(1)%3C%2Fscript%3E");
    assert.equal(unknown.status, 400);
    const html = await unknown.text();
    assert.ok(!html.includes("<script") && !html.includes("alert(1)"), "an unknown code is never reflected");
  });
});

describe("bad input never yields a 500, a hang or a stack trace", () => {
  async function expectJsonError(response: Response, status: number, code: string) {
    assert.equal(response.status, status);
    const text = await response.text();
    assert.doesNotMatch(text, /at .*\.ts:\d+|Error:/, "no stack trace");
    assert.equal((JSON.parse(text) as { error: string }).error, code);
  }

  test("unsupported content type: 400 InvalidContentType", async () => {
    const { browser } = setup();
    await expectJsonError(
      await browser.request("/api/auth/signout", { body: "<x/>", headers: { "content-type": "text/xml" } }),
      400,
      "InvalidContentType",
    );
    await expectJsonError(
      await browser.request("/api/auth/signout", { method: "POST" }),
      400,
      "InvalidContentType",
    );
  });

  test("unparseable or ill-typed JSON: 400 InvalidBody", async () => {
    const { browser } = setup();
    for (const body of ["{", "[1,2]", '"text"', '{"csrfToken":{"$ne":1}}', "null"]) {
      await expectJsonError(
        await browser.request("/api/auth/signout", { body, headers: { "content-type": "application/json" } }),
        400,
        "InvalidBody",
      );
    }
  });

  test("a body over 64 KiB: 400 BodyTooLarge, nothing changes", async () => {
    const { browser } = setup();
    const csrfToken = await browser.csrf();
    await expectJsonError(
      await browser.request("/api/auth/callback/credentials", {
        form: { csrfToken, username: "x".repeat(70_000) },
      }),
      400,
      "BodyTooLarge",
    );
  });

  test("garbage cookies are ignored: signed out, not an error", async () => {
    const { browser } = setup();
    const garbage = [
      "gatehouse.session-token=%E0%A4%A",
      "gatehouse.session-token=eyJhbGciOiJub25lIn0.e30.",
      "gatehouse.session-token.0=abc; gatehouse.session-token.2=def",
      `gatehouse.session-token=${"A".repeat(5000)}`,
      "gatehouse.csrf-token=|||; gatehouse.callback-url=javascript:alert(1)",
      "=; ;;; a",
    ];
    for (const cookie of garbage) {
      const response = await browser.request("/api/auth/session", { headers: { cookie } });
      assert.equal(response.status, 200, cookie);
      assert.deepEqual(await response.json(), {}, cookie);
    }
    const page = await browser.request("/api/auth/signin", {
      headers: { cookie: "gatehouse.callback-url=javascript:alert(1)" },
    });
    assert.equal(page.status, 200);
    assert.ok(!(await page.text()).includes("javascript:"));
  });

  test("a malformed request URL or odd path never throws out of the handler", async () => {
    const { auth } = setup();
    for (const path of [
      "/api/auth/%00",
      "/api/auth/..%2f..%2fetc",
      "/api/auth/signin/%E0%A4%A",
      "/api/auth//session",
    ]) {
      const response = await auth.handler(new Request(`http://localhost:3000${path}`));
      assert.ok(response.status >= 400 && response.status < 500, `${path} → ${response.status}`);
    }
  });
});

describe("origin (protocol §1)", () => {
  test("with trustHost, X-Forwarded-Host/-Proto decide the origin; without it they are ignored", async () => {
    const trusted = setup({ trustHost: true });
    const viaProxy = await trusted.auth.handler(
      new Request("http://internal:8080/api/auth/providers", {
        headers: { "x-forwarded-host": "app.example.com", "x-forwarded-proto": "https" },
      }),
    );
    const body = (await viaProxy.json()) as Record<string, { signinUrl: string }>;
    assert.equal(body.acme?.signinUrl, "https://app.example.com/api/auth/signin/acme");

    const configured = setup();
    const ignored = await configured.auth.handler(
      new Request("http://localhost:3000/api/auth/providers", {
        headers: { "x-forwarded-host": "evil.example" },
      }),
    );
    const ignoredBody = (await ignored.json()) as Record<string, { signinUrl: string }>;
    assert.equal(ignoredBody.acme?.signinUrl, "http://localhost:3000/api/auth/signin/acme");
  });

  test("in production, neither AUTH_URL nor trustHost: start-up fails with what to set", () => {
    const previous = process.env.NODE_ENV;
    process.env.NODE_ENV = "production";
    try {
      assert.throws(
        () => gatehouse({ secret: SECRET, providers: [] }),
        (error: Error) =>
          error instanceof TypeError &&
          /AUTH_URL/.test(error.message) &&
          /AUTH_TRUST_HOST/.test(error.message),
      );
    } finally {
      process.env.NODE_ENV = previous;
    }
  });

  test("misconfiguration throws at start-up with a fix: short secret, duplicate ids, bad provider", () => {
    assert.throws(() => gatehouse({ secret: "short", providers: [] }), /32 characters/);
    assert.throws(() => gatehouse({ secret: [], providers: [] }), /AUTH_SECRET/);
    const c = Credentials({ credentials: {}, authorize: () => null });
    assert.throws(() => gatehouse({ secret: SECRET, providers: [c, c] }), /two providers/);
    assert.throws(
      () =>
        gatehouse({ secret: SECRET, providers: [OIDC({ id: "x", name: "X", issuer: "", clientId: "c" })] }),
      /AUTH_X_ISSUER/,
    );
  });
});
