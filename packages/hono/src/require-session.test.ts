import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Gatehouse } from "@gatehouse/core";
import { Hono } from "hono";
import { gatehouseRoutes } from "./gatehouse-routes.ts";
import { ada, Browser, createAuth, ORIGIN } from "./hono-test-utils.ts";
import { requireSession } from "./require-session.ts";
import { type SessionEnv, session } from "./session.ts";

/** A Gatehouse whose session reads are counted. */
function countingAuth(): { auth: Gatehouse; reads: { count: number } } {
  const base = createAuth();
  const reads = { count: 0 };
  const auth: Gatehouse = {
    ...base,
    getSession: (request) => {
      reads.count += 1;
      return base.getSession(request);
    },
  };
  return { auth, reads };
}

describe("requireSession", () => {
  const { auth, reads } = countingAuth();
  const app = new Hono();
  app.route("/", gatehouseRoutes(auth));
  app.get("/api/me", requireSession(auth), (c) => c.json(c.var.session.user));
  app.get("/dashboard", requireSession(auth, { redirectToSignIn: true }), (c) =>
    c.text(`Dashboard of ${c.var.session.user?.name}`),
  );
  app.post("/dashboard", requireSession(auth, { redirectToSignIn: true }), (c) => c.text("posted"));

  test("an API route: 401 JSON with the catalogue code when signed out", async () => {
    const answer = await app.request(`${ORIGIN}/api/me`);
    assert.equal(answer.status, 401);
    assert.match(answer.headers.get("content-type") ?? "", /^application\/json/);
    assert.equal(answer.headers.get("cache-control"), "private, no-store");
    assert.deepEqual(await answer.json(), {
      error: "SessionRequired",
      message: "Please sign in to access this page.",
    });
  });

  test("an API route: the session on c.var, read once", async () => {
    const browser = new Browser(app);
    await browser.signIn();
    const before = reads.count;
    const answer = await browser.request("/api/me");
    assert.equal(answer.status, 200);
    assert.deepEqual(await answer.json(), { name: ada.name, email: ada.email });
    assert.equal(reads.count - before, 1);
  });

  test("a page: a redirect to sign in with the way back, then the page once signed in", async () => {
    const browser = new Browser(app);
    const away = await browser.request("/dashboard?tab=1");
    assert.equal(away.status, 302);
    assert.equal(away.headers.get("location"), "/api/auth/signin?callbackUrl=%2Fdashboard%3Ftab%3D1");
    assert.equal(away.headers.get("cache-control"), "private, no-store");
    const back = await browser.signIn("form", `${ORIGIN}/dashboard?tab=1`);
    assert.equal(back.headers.get("location"), `${ORIGIN}/dashboard?tab=1`);
    assert.equal(await (await browser.request("/dashboard?tab=1")).text(), "Dashboard of Ada Lovelace");
  });

  test("a POST to a page is sent on with 303", async () => {
    const answer = await app.request(`${ORIGIN}/dashboard`, { method: "POST" });
    assert.equal(answer.status, 303);
  });
});

describe("session", () => {
  const { auth, reads } = countingAuth();
  const app = new Hono<SessionEnv>();
  app.route("/", gatehouseRoutes(auth));
  app.use(session(auth));
  app.get("/", (c) => c.text(c.var.session ? `Hello ${c.var.session.user?.name}` : "Hello, stranger"));
  app.get("/api/me", requireSession(auth), (c) => c.json(c.var.session.user));

  test("puts the session on c.var, or null when signed out", async () => {
    const browser = new Browser(app);
    assert.equal(await (await browser.request("/")).text(), "Hello, stranger");
    await browser.signIn();
    assert.equal(await (await browser.request("/")).text(), "Hello Ada Lovelace");
  });

  test("requireSession after it reads nothing again, a null included", async () => {
    const browser = new Browser(app);
    let before = reads.count;
    assert.equal((await browser.request("/api/me")).status, 401);
    assert.equal(reads.count - before, 1);
    await browser.signIn();
    before = reads.count;
    assert.equal((await browser.request("/api/me")).status, 200);
    assert.equal(reads.count - before, 1);
  });
});
