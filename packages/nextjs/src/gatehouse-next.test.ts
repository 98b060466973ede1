import "./test/next-environment.ts";
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { gatehouseNext } from "./gatehouse-next.ts";
import { runRoute } from "./test/next-runtime.ts";
import { ORIGIN, signIn, testAuth } from "./test/sign-in.ts";

describe("gatehouseNext: the Auth.js v5 shape", () => {
  const instance = testAuth();
  const { handlers, auth, userId, proxy } = gatehouseNext(instance);

  it("auth() reads the current request's session in a route handler; null when signed out", async () => {
    const cookie = await signIn(instance.handler);
    const me = async () => Response.json({ name: (await auth())?.user?.name ?? null, id: await userId() });
    const read = (request: Request) => runRoute("api/me", { GET: me }, request).then((r) => r.json());
    assert.deepEqual(await read(new Request(`${ORIGIN}/api/me`, { headers: { cookie } })), {
      name: "Ada Lovelace",
      id: "ada",
    });
    assert.deepEqual(await read(new Request(`${ORIGIN}/api/me`)), { name: null, id: null });
  });

  it("handlers answer the endpoint, and proxy() refuses a signed-out API request", async () => {
    const providers = await handlers.GET(new Request(`${ORIGIN}/api/auth/providers`));
    assert.equal(providers.status, 200);
    const refused = await proxy()(new Request(`${ORIGIN}/api/private`));
    assert.equal(refused?.status, 401);
  });
});
