import assert from "node:assert/strict";
import { test } from "node:test";
import { resolveConfig } from "../config/resolve-config.ts";
import { RequestContext } from "../http/request-context.ts";
import { openChecks, sealChecks } from "./check-cookies.ts";

const config = resolveConfig({ secret: "a-secret-of-at-least-thirty-two-characters", providers: [] });
const URL_ = "http://localhost:3000/api/auth/callback/dev";

/** A request carrying `cookies`; its answer's cookies are read back with `jar`. */
function context(cookies: Map<string, string> = new Map()): RequestContext {
  const cookie = [...cookies].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join("; ");
  return new RequestContext({ method: "GET", url: URL_, headers: new Headers({ cookie }) }, config);
}

function jar(ctx: RequestContext): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of ctx.out.values()) {
    const [pair = ""] = line.split(";");
    const eq = pair.indexOf("=");
    out.set(pair.slice(0, eq), decodeURIComponent(pair.slice(eq + 1)));
  }
  return out;
}

async function started(linkUserId: string | null, providerId = "dev") {
  const ctx = context();
  await sealChecks(ctx, providerId, { state: "s-1", codeVerifier: "v-1", nonce: "n-1" }, { linkUserId });
  return jar(ctx);
}

test("one start's cookies open together: the values, one flow id, and who asked to link", async () => {
  const cookies = await started("user-42");
  const { checks, flow } = await openChecks(context(cookies), "dev");
  assert.deepEqual(checks, { state: "s-1", codeVerifier: "v-1", nonce: "n-1" });
  assert.equal(flow?.linkUserId, "user-42");
  assert.match(flow?.id ?? "", /^[\w-]{22}$/, "128 random bits");
  const signIn = await openChecks(context(await started(null)), "dev");
  assert.equal(signIn.flow?.linkUserId, null);
  assert.notEqual(signIn.flow?.id, flow?.id, "every start is a flow of its own");
});

test("cookies of two starts are not taken together (nor one start's link with another's checks)", async () => {
  const linking = await started("user-42");
  const signingIn = await started(null);
  const mixed = new Map(signingIn);
  const verifier = "gatehouse.pkce.code_verifier";
  mixed.set(verifier, linking.get(verifier)!);
  assert.deepEqual(await openChecks(context(mixed), "dev"), { checks: {}, flow: null });
});

test("another provider's cookies, or none, give no values and no flow; opening clears them", async () => {
  assert.deepEqual(await openChecks(context(await started("user-42", "other")), "dev"), {
    checks: {},
    flow: null,
  });
  const ctx = context(await started(null));
  await openChecks(ctx, "dev");
  for (const line of ctx.out.values()) assert.match(line, /Max-Age=0/);
  assert.deepEqual(await openChecks(context(), "dev"), { checks: {}, flow: null });
});
