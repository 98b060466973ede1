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
});
