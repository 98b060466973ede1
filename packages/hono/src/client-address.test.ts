// Issue 13: the routes passed no client address to core, so its per-address rate limits never applied.
import assert from "node:assert/strict";
import { once } from "node:events";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, test } from "node:test";
import { createAdaptorServer } from "@hono/node-server";
import { getConnInfo } from "@hono/node-server/conninfo";
import { Hono } from "hono";
import { gatehouseRoutes } from "./gatehouse-routes.ts";
import { Browser, createAuth, ORIGIN } from "./hono-test-utils.ts";
import { nodeSocketAddress } from "./lib/node-socket-address.ts";

/** At most two credentials sign-ins per client address and minute. */
const LIMITED = { rateLimit: { rules: { credentials: { ip: { limit: 2, windowMs: 60_000 } } } } };

/** What a test needs of an app: `app.request()`, or fetch against a server. */
type Send = (path: string, init: RequestInit) => Promise<Response>;

/** Three sign-ins with one CSRF token, each with a different `X-Forwarded-For`: their answers. */
async function threeSignIns(send: Send): Promise<Response[]> {
  const browser = new Browser({ request: (input, init) => send(new URL(input).pathname, init) });
  const csrfToken = await browser.csrfToken();
  const answers: Response[] = [];
  for (const forwardedFor of ["198.51.100.1", "198.51.100.2", "198.51.100.3"]) {
    answers.push(
      await browser.request("/api/auth/callback/credentials", {
        body: new URLSearchParams({ csrfToken, username: "ada", password: "pw" }).toString(),
        type: "application/x-www-form-urlencoded",
        headers: { "x-forwarded-for": forwardedFor },
      }),
    );
  }
  return answers;
}

describe("gatehouseRoutes on @hono/node-server: the socket peer is the client address", () => {
  const app = new Hono();
  app.route("/", gatehouseRoutes(createAuth(LIMITED)));
  app.get("/peer", (c) => c.json({ ours: nodeSocketAddress(c), conninfo: getConnInfo(c).remote.address }));
  const server = createAdaptorServer({ fetch: app.fetch }) as Server; // node:http, the default
  let origin = "";
  before(async () => {
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => {
    server.closeAllConnections();
    server.close();
  });
  const send: Send = (path, init) => fetch(`${origin}${path}`, { ...init, redirect: "manual" });

  test("the default reads what @hono/node-server's getConnInfo reads", async () => {
    const peer = await (await fetch(`${origin}/peer`)).json();
    assert.deepEqual(peer, { ours: "127.0.0.1", conninfo: "127.0.0.1" });
  });

  test("the third sign-in from 127.0.0.1 is refused (303 to the rate-limit page, Retry-After), whatever X-Forwarded-For says", async () => {
    const answers = await threeSignIns(send);
    assert.deepEqual(
      answers.map((a) => a.status),
      [302, 302, 303],
    );
    assert.match(answers[2]!.headers.get("retry-after") ?? "", /^[1-9]\d*$/);
    assert.match(answers[2]!.headers.get("location") ?? "", /\/api\/auth\/error\?error=RateLimited&/);
  });
});

describe("gatehouseRoutes without a Node server", () => {
  test("the clientAddress option decides the address (another runtime's getConnInfo)", async () => {
    const app = new Hono();
    app.route("/", gatehouseRoutes(createAuth(LIMITED), { clientAddress: () => "203.0.113.5" }));
    const answers = await threeSignIns(async (path, init) => app.request(`${ORIGIN}${path}`, init));
    assert.deepEqual(
      answers.map((a) => a.status),
      [302, 302, 303],
    );
  });

  test("no address (app.request(), an unknown runtime): the per-address limits do not apply", async () => {
    const app = new Hono();
    app.route("/", gatehouseRoutes(createAuth(LIMITED)));
    const answers = await threeSignIns(async (path, init) => app.request(`${ORIGIN}${path}`, init));
    assert.deepEqual(
      answers.map((a) => a.status),
      [302, 302, 302],
    );
  });
});
