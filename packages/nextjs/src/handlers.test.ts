import "./test/next-environment.ts";
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { handlers } from "./handlers.ts";
import { runRoute } from "./test/next-runtime.ts";
import { cookieHeader, ORIGIN, signIn, testAuth } from "./test/sign-in.ts";

const ROUTE = "api/auth/[...gatehouse]";

describe("handlers", () => {
  it("serves the auth endpoint as route handlers under Next's runtime: CSRF, credentials sign-in, session", async () => {
    const route = handlers(testAuth());
    const serve = (request: Request) => runRoute(ROUTE, route, request);

    const cookies = await signIn(serve);
    assert.match(cookies, /(^|; )gatehouse\.session-token=/, "the session cookie came through Next");

    const session = await serve(new Request(`${ORIGIN}/api/auth/session`, { headers: { cookie: cookies } }));
    assert.equal(session.status, 200);
    const body = (await session.json()) as { user?: { name?: string; email?: string } };
    assert.deepEqual(body.user, { name: "Ada Lovelace", email: "ada@example.test" });
  });

  it("signs out through the route handlers: the session cookie is cleared", async () => {
    const route = handlers(testAuth());
    const serve = (request: Request) => runRoute(ROUTE, route, request);
    const cookies = await signIn(serve);
    const csrf = await serve(new Request(`${ORIGIN}/api/auth/csrf`, { headers: { cookie: cookies } }));
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const signedOut = await serve(
      new Request(`${ORIGIN}/api/auth/signout`, {
        method: "POST",
        headers: { cookie: cookies, origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ csrfToken, callbackUrl: `${ORIGIN}/` }),
      }),
    );
    assert.equal(signedOut.status, 302);
    assert.equal(signedOut.headers.get("location"), `${ORIGIN}/`);
    const after = cookieHeader(signedOut, cookies);
    assert.doesNotMatch(after, /gatehouse\.session-token=/);
    const session = await serve(new Request(`${ORIGIN}/api/auth/session`, { headers: { cookie: after } }));
    assert.deepEqual(await session.json(), {});
  });

  // Issue 22, item 11: JSON 20,000 arrays deep (40 KB, under the size limit) answered 500.
  it("answers a JSON body nested 20,000 deep with 400 InvalidBody", async () => {
    const route = handlers(testAuth());
    const serve = (request: Request) => runRoute(ROUTE, route, request);
    const cookies = await signIn(serve);
    const csrf = await serve(new Request(`${ORIGIN}/api/auth/csrf`, { headers: { cookie: cookies } }));
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const deep = `${"[".repeat(20_000)}${"]".repeat(20_000)}`;
    const answer = await serve(
      new Request(`${ORIGIN}/api/auth/session`, {
        method: "POST",
        headers: { cookie: cookieHeader(csrf, cookies), origin: ORIGIN, "content-type": "application/json" },
        body: `{"csrfToken":"${csrfToken}","data":${deep}}`,
      }),
    );
    assert.equal(answer.status, 400);
    assert.equal(((await answer.json()) as { error: string }).error, "InvalidBody");
  });

  it("leaves unknown actions and wrong methods to core: 404 UnknownAction, 405 with Allow", async () => {
    const route = handlers(testAuth());
    const unknown = await runRoute(ROUTE, route, new Request(`${ORIGIN}/api/auth/nonsense`));
    assert.equal(unknown.status, 404);
    assert.equal(((await unknown.json()) as { error: string }).error, "UnknownAction");
    const wrongMethod = await runRoute(
      ROUTE,
      route,
      new Request(`${ORIGIN}/api/auth/providers`, { method: "POST" }),
    );
    assert.equal(wrongMethod.status, 405);
    assert.equal(wrongMethod.headers.get("allow"), "GET");
  });

  it("refuses a route folder outside the base path, saying where the route belongs", async () => {
    const { GET } = handlers(testAuth());
    await assert.rejects(GET(new Request(`${ORIGIN}/auth/session`)), {
      name: "TypeError",
      message:
        /outside the base path \/api\/auth\. Put them in app\/api\/auth\/\[\.\.\.gatehouse\]\/route\.ts/,
    });
    const custom = handlers(testAuth({ basePath: "/auth" }));
    const response = await runRoute("auth/[...gatehouse]", custom, new Request(`${ORIGIN}/auth/providers`));
    assert.equal(response.status, 200);
  });

  // Issue 13: Next gives route handlers no socket address, so behind a proxy the client address
  // comes from X-Forwarded-For, believed only as far as rateLimit.trustedProxies says.
  describe("the client address, from the proxy's X-Forwarded-For", () => {
    const credentials = { ip: { limit: 2, windowMs: 60_000 } };

    /** Three credentials sign-ins through Next's runtime, one CSRF token, each with its X-Forwarded-For. */
    async function threeSignIns(
      auth: ReturnType<typeof testAuth>,
      forwardedFor: string[],
    ): Promise<Response[]> {
      const route = handlers(auth);
      const csrf = await runRoute(ROUTE, route, new Request(`${ORIGIN}/api/auth/csrf`));
      const { csrfToken } = (await csrf.json()) as { csrfToken: string };
      const cookie = cookieHeader(csrf);
      const answers: Response[] = [];
      for (const address of forwardedFor) {
        const request = new Request(`${ORIGIN}/api/auth/callback/credentials`, {
          method: "POST",
          headers: {
            cookie,
            origin: ORIGIN,
            "content-type": "application/x-www-form-urlencoded",
            "x-forwarded-for": address,
          },
          body: new URLSearchParams({ csrfToken, username: "ada", password: "lovelace" }),
        });
        answers.push(await runRoute(ROUTE, route, request));
      }
      return answers;
    }

    it("with trustedProxies: 1, the entry the proxy wrote is the client: the third sign-in from it is refused", async () => {
      const auth = testAuth({ rateLimit: { trustedProxies: 1, rules: { credentials } } });
      // A client can prepend anything; the proxy appends the address it saw, the rightmost entry.
      const answers = await threeSignIns(auth, ["203.0.113.5", "10.9.9.9, 203.0.113.5", "203.0.113.5"]);
      assert.deepEqual(
        answers.map((a) => a.status),
        [302, 302, 303],
      );
      assert.match(answers[2]!.headers.get("retry-after") ?? "", /^[1-9]\d*$/);
      assert.match(answers[2]!.headers.get("location") ?? "", /\/api\/auth\/error\?error=RateLimited&/);
      assert.match(answers[2]!.headers.get("location") ?? "", /\/api\/auth\/error\?error=RateLimited&/);
      const others = await threeSignIns(auth, ["203.0.113.6", "203.0.113.7", "203.0.113.8"]);
      assert.deepEqual(
        others.map((a) => a.status),
        [302, 302, 302],
        "other clients have budgets of their own",
      );
    });

    it("without trustedProxies in production, the one warning names the Next.js fix (trustedProxies), not the integrations that pass an address", async () => {
      const warnings: string[] = [];
      const logger = {
        error: () => {},
        warn: (code: string, detail?: unknown) => warnings.push(`${code} ${detail}`),
      };
      const before = process.env.NODE_ENV;
      process.env.NODE_ENV = "production";
      try {
        const auth = testAuth({ url: `${ORIGIN}/api/auth`, rateLimit: { rules: { credentials } }, logger });
        await threeSignIns(auth, ["203.0.113.5", "203.0.113.5"]);
      } finally {
        process.env.NODE_ENV = before;
      }
      const unknown = warnings.filter((line) => line.startsWith("ClientAddressUnknown"));
      assert.equal(unknown.length, 1, "logged once");
      assert.match(unknown[0]!, /@gatehouse\/nextjs/);
      assert.match(unknown[0]!, /rateLimit\.trustedProxies/);
      assert.doesNotMatch(unknown[0]!, /the @gatehouse\/\* integrations do/);
    });

    it("without trustedProxies, no address: the per-address limit does not apply", async () => {
      const auth = testAuth({ rateLimit: { rules: { credentials } } });
      const answers = await threeSignIns(auth, ["203.0.113.5", "203.0.113.5", "203.0.113.5"]);
      assert.deepEqual(
        answers.map((a) => a.status),
        [302, 302, 302],
      );
    });
  });
});
