// The client against the real Gatehouse handler (not the small protocol server the unit tests use):
// every request goes through `gatehouse().handler` with browser-like cookies.
import assert from "node:assert/strict";
import { beforeEach, describe, test } from "node:test";
import { Credentials, gatehouse, OIDC } from "@gatehouse/core";
import { createAuthClient } from "../src/index.ts";
import { createCookieJar } from "../src/test/cookie-jar.ts";

const ORIGIN = "http://localhost:3000";

function setup() {
  const auth = gatehouse({
    secret: "react-client-secret-react-client-secret-0123",
    url: `${ORIGIN}/api/auth`,
    logger: { error() {}, warn() {} },
    callbacks: {
      jwt: ({ token, trigger, session }) =>
        trigger === "update" ? { ...token, name: String(session) } : token,
    },
    providers: [
      OIDC({ id: "acme", name: "Acme", issuer: "http://127.0.0.1:9", clientId: "c", clientSecret: "s" }),
      Credentials({
        credentials: { username: {}, password: { type: "password" } },
        authorize: (c) =>
          c.password === "pw" ? { id: "u1", name: c.username ?? null, email: "ada@example.com" } : null,
      }),
    ],
  });
  const jar = createCookieJar((input, init) => auth.handler(new Request(input, init)));
  const navigated: string[] = [];
  const client = createAuthClient({
    baseUrl: ORIGIN,
    fetch: jar.fetch,
    navigate: (url) => navigated.push(url),
  });
  return { client, jar, navigated };
}

describe("@gatehouse/react against the real handler", () => {
  let t: ReturnType<typeof setup>;
  beforeEach(() => {
    t = setup();
  });

  test("providers, csrf, and a signed-out session (null)", async () => {
    const providers = await t.client.getProviders();
    assert.deepEqual(Object.keys(providers ?? {}), ["acme", "credentials"]);
    assert.match((await t.client.getCsrfToken()) ?? "", /^[0-9a-f]{64}$/);
    assert.equal(await t.client.getSession(), null);
  });

  test("credentials sign-in, update, sign-out", async () => {
    const signedIn = await t.client.signIn("credentials", {
      username: "Ada",
      password: "pw",
      redirect: false,
    });
    assert.deepEqual(signedIn, { ok: true, status: 200, error: null, url: `${ORIGIN}/` });
    assert.equal((await t.client.getSession())?.user?.name, "Ada");
    assert.equal((await t.client.updateSession("Grace"))?.user?.name, "Grace");
    assert.equal((await t.client.getSession())?.user?.name, "Grace");
    const out = await t.client.signOut({ callbackUrl: "/bye", redirect: false });
    assert.equal(out.ok, true);
    assert.equal(out.url, `${ORIGIN}/bye`);
    assert.equal(await t.client.getSession(), null);
  });

  test("wrong credentials: CredentialsSignin with the handler's 401, no session", async () => {
    const result = await t.client.signIn("credentials", { username: "Ada", password: "no", redirect: false });
    assert.equal(result.ok, false);
    assert.equal(result.status, 401);
    assert.equal(result.error, "CredentialsSignin");
    assert.equal(await t.client.getSession(), null);
  });

  test("an OAuth provider whose discovery fails: OAuthSignin, the error URL is where it navigates", async () => {
    const result = await t.client.signIn("acme", { callbackUrl: "/after" });
    assert.equal(result.ok, false);
    assert.equal(result.error, "OAuthSignin");
    assert.equal(t.navigated.length, 1);
    assert.equal(new URL(t.navigated[0]!).searchParams.get("error"), "OAuthSignin");
  });
});
