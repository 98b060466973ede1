import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Gatehouse } from "@gatehouse/core";
import express from "express";
import { ada, call, createAuth, Jar, serve, signIn } from "./express-test-utils.ts";
import { gatehouseExpress } from "./gatehouse-express.ts";
import { getSession } from "./get-session.ts";
import { requireSession } from "./require-session.ts";

describe("requireSession on a real Express server", () => {
  const base = createAuth();
  const reads = { count: 0 };
  // Counts core's session reads, to see that the guard and the route share one.
  const auth: Gatehouse = {
    ...base,
    getSession: (request) => {
      reads.count += 1;
      return base.getSession(request);
    },
  };
  const app = express();
  app.use(gatehouseExpress(auth));
  app.get("/api/me", requireSession(auth), async (req, res) => {
    const session = await getSession(auth, req);
    res.json({ session, locals: res.locals.session === session });
  });
  app.get("/dashboard", requireSession(auth, { redirectToSignIn: true }), (_req, res) => {
    res.send(`Dashboard of ${res.locals.session.user.name}`);
  });
  app.post("/dashboard", requireSession(auth, { redirectToSignIn: true }), (_req, res) => {
    res.send("posted");
  });
  const admin = express.Router();
  admin.get("/panel", requireSession(auth, { redirectToSignIn: true }), (_req, res) => {
    res.send("panel");
  });
  app.use("/admin", admin);
  const server = serve(app);

  test("an API route: 401 JSON with the catalogue code when signed out", async () => {
    const answer = await fetch(`${server.origin()}/api/me`);
    assert.equal(answer.status, 401);
    assert.equal(answer.headers.get("content-type"), "application/json");
    assert.equal(answer.headers.get("cache-control"), "private, no-store");
    assert.deepEqual(await answer.json(), {
      error: "SessionRequired",
      message: "Please sign in to access this page.",
    });
  });

  test("an API route: the session, on res.locals too, read once", async () => {
    const origin = server.origin();
    const jar = new Jar();
    await signIn(origin, jar);
    const before = reads.count;
    const answer = await call(origin, jar, "/api/me");
    assert.equal(answer.status, 200);
    const body = (await answer.json()) as { session: { user: unknown }; locals: boolean };
    assert.deepEqual(body.session.user, { name: ada.name, email: ada.email });
    assert.equal(body.locals, true);
    assert.equal(reads.count - before, 1, "requireSession and getSession share one read");
  });

  test("a page: a redirect to sign in with the way back, then the page once signed in", async () => {
    const origin = server.origin();
    const jar = new Jar();
    const away = await call(origin, jar, "/dashboard?tab=1");
    assert.equal(away.status, 302);
    assert.equal(away.headers.get("location"), "/api/auth/signin?callbackUrl=%2Fdashboard%3Ftab%3D1");
    assert.equal(away.headers.get("cache-control"), "private, no-store");

    // The sign-in form posts the callback URL along; the answer sends the browser back.
    const signInPage = await call(origin, jar, away.headers.get("location") ?? "");
    assert.equal(signInPage.status, 200);
    const back = await signIn(origin, jar, "form", `${origin}/dashboard?tab=1`);
    assert.equal(back.headers.get("location"), `${origin}/dashboard?tab=1`);
    const page = await call(origin, jar, "/dashboard?tab=1");
    assert.equal(page.status, 200);
    assert.equal(await page.text(), "Dashboard of Ada Lovelace");
  });

  test("a page below a router: the way back is the whole path; a POST is sent on with 303", async () => {
    const origin = server.origin();
    const panel = await fetch(`${origin}/admin/panel`, { redirect: "manual" });
    assert.equal(panel.headers.get("location"), "/api/auth/signin?callbackUrl=%2Fadmin%2Fpanel");
    const posted = await fetch(`${origin}/dashboard`, { method: "POST", redirect: "manual" });
    assert.equal(posted.status, 303);
  });
});
