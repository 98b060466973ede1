import "./test/next-environment.ts";
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { protect } from "./protect.ts";
import { runProxy } from "./test/next-runtime.ts";
import { ORIGIN, signIn, testAuth } from "./test/sign-in.ts";

/** Next's marker on a proxy answer that lets the request through. */
const passed = (response: Response) => response.headers.get("x-middleware-next") === "1";

describe("protect", () => {
  const auth = testAuth();
  const proxy = protect(auth);

  it("sends a signed-out page request to the sign-in page with the way back, uncached", async () => {
    const response = await runProxy(proxy, new Request(`${ORIGIN}/account/settings?tab=email`));
    assert.equal(response.status, 302);
    // Next turns the same-host Location into a path.
    assert.equal(
      response.headers.get("location"),
      "/api/auth/signin?callbackUrl=%2Faccount%2Fsettings%3Ftab%3Demail",
    );
    assert.equal(response.headers.get("cache-control"), "private, no-store");
  });

  it("answers a signed-out POST (a server action) with 303, so the sign-in page is fetched with GET", async () => {
    const response = await runProxy(proxy, new Request(`${ORIGIN}/account`, { method: "POST", body: "x" }));
    assert.equal(response.status, 303);
    assert.equal(response.headers.get("location"), "/api/auth/signin?callbackUrl=%2Faccount");
  });

  it("works the same as the deprecated middleware.ts", async () => {
    const response = await runProxy(proxy, new Request(`${ORIGIN}/account`), "middleware");
    assert.equal(response.headers.get("location"), "/api/auth/signin?callbackUrl=%2Faccount");
    const cookie = await signIn(auth.handler);
    const signedIn = new Request(`${ORIGIN}/account`, { headers: { cookie } });
    assert.ok(passed(await runProxy(proxy, signedIn, "middleware")));
  });

  it("answers a signed-out API request 401 SessionRequired instead", async () => {
    const response = await runProxy(proxy, new Request(`${ORIGIN}/api/orders`));
    assert.equal(response.status, 401);
    assert.deepEqual(await response.json(), { error: "SessionRequired" });
    assert.equal(response.headers.get("cache-control"), "private, no-store");
  });

  it("lets a signed-in request through", async () => {
    const cookie = await signIn(auth.handler);
    for (const path of ["/account", "/api/orders"]) {
      const response = await runProxy(proxy, new Request(`${ORIGIN}${path}`, { headers: { cookie } }));
      assert.ok(passed(response), path);
    }
  });

  it("always lets the auth endpoint and the sign-in page through, so a wide matcher cannot loop", async () => {
    for (const path of ["/api/auth/signin?callbackUrl=%2F", "/api/auth/session", "/api/auth/callback/dev"]) {
      assert.ok(passed(await runProxy(proxy, new Request(`${ORIGIN}${path}`))), path);
    }
    const custom = protect(auth, { signInPage: "/login?from=proxy" });
    assert.ok(passed(await runProxy(custom, new Request(`${ORIGIN}/login`))));
    const redirected = await runProxy(custom, new Request(`${ORIGIN}/account`));
    assert.equal(redirected.headers.get("location"), "/login?from=proxy&callbackUrl=%2Faccount");
  });

  it("takes the API rule from isApiRequest", async () => {
    const rpc = protect(auth, { isApiRequest: (url) => url.pathname.startsWith("/rpc/") });
    assert.equal((await runProxy(rpc, new Request(`${ORIGIN}/rpc/orders`))).status, 401);
    assert.equal((await runProxy(rpc, new Request(`${ORIGIN}/api/orders`))).status, 302);
  });

  it("refuses a sign-in page that is not a path on the app's origin, at start-up", () => {
    for (const signInPage of [
      "https://elsewhere.example/login",
      "//elsewhere.example/login",
      "login",
      "/\\x",
    ]) {
      assert.throws(() => protect(auth, { signInPage }), { name: "TypeError", message: /takes a path/ });
    }
  });
});
