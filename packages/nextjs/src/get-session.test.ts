import "./test/next-environment.ts";
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { getSession, getUserId } from "./get-session.ts";
import { runProxy, runRoute } from "./test/next-runtime.ts";
import { ORIGIN, signIn, testAuth } from "./test/sign-in.ts";

/** What a route handler that calls `getSession(auth)` and `getUserId(auth)` answers, under Next's runtime. */
async function sessionInRoute(auth: ReturnType<typeof testAuth>, request: Request): Promise<unknown> {
  const answer = async () =>
    Response.json({ session: await getSession(auth), userId: await getUserId(auth) });
  return (await runRoute("api/me", { GET: answer }, request)).json();
}

describe("getSession and getUserId", () => {
  const auth = testAuth();

  it("read the current request through next/headers in a route handler", async () => {
    const cookie = await signIn(auth.handler);
    const signedIn = await sessionInRoute(auth, new Request(`${ORIGIN}/api/me`, { headers: { cookie } }));
    assert.deepEqual(signedIn, {
      session: {
        user: { name: "Ada Lovelace", email: "ada@example.test" },
        expires: (signedIn as { session: { expires: string } }).session.expires,
      },
      userId: "ada",
    });
    assert.deepEqual(await sessionInRoute(auth, new Request(`${ORIGIN}/api/me`)), {
      session: null,
      userId: null,
    });
  });

  it("answer null for a tampered or foreign session cookie, without throwing", async () => {
    const cookie = await signIn(auth.handler);
    // One character of the ciphertext changes. (Not the token's last character: base64url's last
    // character of the 16-byte GCM tag carries padding bits, so some changes there decode to the
    // same bytes and the token stays valid.)
    const tampered = cookie.replace(
      /(gatehouse\.session-token=(?:[^.;]*\.){3}[^.;]{4})(.)/,
      (_, head, char) => {
        return `${head}${char === "A" ? "B" : "A"}`;
      },
    );
    assert.notEqual(tampered, cookie);
    const request = new Request(`${ORIGIN}/api/me`, { headers: { cookie: tampered } });
    assert.deepEqual(await sessionInRoute(auth, request), { session: null, userId: null });
    const other = testAuth({ secret: "another-secret-that-is-at-least-32-characters-long" });
    const foreign = new Request(`${ORIGIN}/api/me`, { headers: { cookie } });
    assert.deepEqual(await sessionInRoute(other, foreign), { session: null, userId: null });
  });

  it("read the session cookie of the request's scheme: __Host- behind an https proxy", async () => {
    const secure = await signIn(auth.handler, "https://app.example");
    assert.match(secure, /(^|; )__Host-gatehouse\.session-token=/);
    // Next's server sets X-Forwarded-Proto from the socket, or keeps the one a proxy in front set.
    const behindHttps = new Request("http://localhost:3000/api/me", {
      headers: { cookie: secure, "x-forwarded-proto": "https", host: "app.example" },
    });
    const read = (await sessionInRoute(auth, behindHttps)) as { userId: string | null };
    assert.equal(read.userId, "ada");
    const plainHttp = new Request("http://localhost:3000/api/me", {
      headers: { cookie: secure, "x-forwarded-proto": "http" },
    });
    assert.deepEqual(await sessionInRoute(auth, plainHttp), { session: null, userId: null });
  });

  it("take a request where there is one, and work in a proxy through next/headers too", async () => {
    const cookie = await signIn(auth.handler);
    const request = new Request(`${ORIGIN}/account`, { headers: { cookie } });
    assert.equal((await getSession(auth, request))?.user?.name, "Ada Lovelace");
    assert.equal(await getUserId(auth, request), "ada");

    let seen: string | null | undefined;
    await runProxy(async () => {
      seen = await getUserId(auth);
      return undefined;
    }, request);
    assert.equal(seen, "ada");
  });

  it("let next/headers' own error through outside a request, rather than answer null", async () => {
    await assert.rejects(getSession(auth), /`headers` was called outside a request scope/);
  });
});
