import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { gatehouse, type OAuthProviderConfig } from "../src/index.ts";
import { Apple, Auth0, GitHub, Google, MicrosoftEntraID } from "../src/providers/presets/index.ts";
import { envName } from "../src/providers/provider-env.ts";
import { SECRET, setCookie, TestBrowser } from "./browser.ts";
import {
  CLIENT_ID,
  CLIENT_SECRET,
  type FakeProvider,
  startFakeProvider,
} from "./provider-fakes/fake-provider.ts";
import { cases, ENTRA_TENANT, type PresetCase } from "./provider-fakes/specs.ts";

const APP = "http://localhost:3000";
const quiet = { error() {}, warn() {} };

function envFor(c: PresetCase): Record<string, string> {
  const stem = `AUTH_${envName(c.id)}`;
  return { [`${stem}_ID`]: CLIENT_ID, [`${stem}_SECRET`]: CLIENT_SECRET, ...c.env };
}

function appFor(provider: OAuthProviderConfig, fake: FakeProvider): TestBrowser {
  const auth = gatehouse({
    secret: SECRET,
    url: `${APP}/api/auth`,
    logger: quiet,
    fetch: fake.fetch,
    providers: [provider],
  });
  return new TestBrowser(auth.handler);
}

/**
 * A whole sign-in: the sign-in POST, the provider's authorization endpoint (a redirect back, or a
 * form_post page whose form the "browser" submits), then the callback. Returns the callback's answer.
 */
async function signIn(app: TestBrowser, fake: FakeProvider, providerId: string): Promise<Response> {
  const csrfToken = await app.csrf();
  const started = await app.request(`/api/auth/signin/${providerId}`, {
    form: { csrfToken, callbackUrl: `${APP}/dashboard` },
  });
  assert.equal(started.status, 302, "sign-in redirects to the provider");
  const location = started.headers.get("location")!;
  assert.match(location, /^https:\/\//, "the provider's real https URL");
  const answer = await fake.fetch(location, { redirect: "manual" });
  if (answer.status === 302) {
    const back = new URL(answer.headers.get("location")!);
    return app.request(back.pathname + back.search);
  }
  const page = await answer.text();
  const action = new URL(/action="([^"]+)"/.exec(page)![1]!.replace(/&#38;/g, "&"));
  const form: Record<string, string> = {};
  for (const [, name, value] of page.matchAll(/name="([^"]+)" value="([^"]*)"/g)) {
    form[name!] = value!.replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code)));
  }
  return app.request(action.pathname, { form });
}

async function sessionUser(app: TestBrowser): Promise<Record<string, unknown> | null> {
  const body = (await (await app.request("/api/auth/session")).json()) as {
    user?: Record<string, unknown>;
  } | null;
  return body?.user ?? null;
}

function errorOf(response: Response): string | null {
  const location = response.headers.get("location");
  return location ? new URL(location).searchParams.get("error") : null;
}

async function withFake(c: PresetCase, run: (fake: FakeProvider) => Promise<void>): Promise<void> {
  const fake = await startFakeProvider(c.spec);
  try {
    await run(fake);
  } finally {
    await fake.close();
  }
}

const byId = (id: string): PresetCase => cases.find((c) => c.id === id)!;

describe("provider presets: a full sign-in against a fake of each provider", () => {
  test("there are at least 20 presets, each with its own id", () => {
    assert.ok(cases.length >= 20);
    assert.equal(new Set(cases.map((c) => c.id)).size, cases.length);
  });

  for (const c of cases) {
    test(`${c.id}: credentials from AUTH_${envName(c.id)}_ID/_SECRET, session user from the real profile shape`, () =>
      withFake(c, async (fake) => {
        const provider = c.make({ env: envFor(c) });
        assert.equal(provider.id, c.id);
        assert.equal(provider.clientId, CLIENT_ID);
        const app = appFor(provider, fake);
        const done = await signIn(app, fake, c.id);
        assert.equal(done.status, 302);
        assert.equal(done.headers.get("location"), `${APP}/dashboard`, `no error: ${errorOf(done)}`);
        assert.ok(setCookie(done, "gatehouse.session-token"));
        assert.deepEqual(await sessionUser(app), c.user);
      }));
  }
});

describe("provider preset quirks", () => {
  test("GitHub: a public email needs no second call", () =>
    withFake(byId("github"), async (fake) => {
      const app = appFor(GitHub({ env: envFor(byId("github")) }), fake);
      await signIn(app, fake, "github");
      assert.ok(fake.requests.includes("https://api.github.com/user"));
      assert.ok(!fake.requests.includes("https://api.github.com/user/emails"));
    }));

  test("GitHub: a null email is read from /user/emails — the primary verified one; the login names a nameless user", () =>
    withFake(byId("github"), async (fake) => {
      fake.scenario.privateEmail = true;
      fake.scenario.noName = true;
      const app = appFor(GitHub({ env: envFor(byId("github")) }), fake);
      await signIn(app, fake, "github");
      assert.ok(fake.requests.includes("https://api.github.com/user/emails"));
      const user = await sessionUser(app);
      assert.equal(user?.email, "octocat@private.example");
      assert.equal(user?.name, "octocat");
    }));

  test("Apple: form_post + client_secret_post; the name arrives on the first login only, the email only from the ID token", () =>
    withFake(byId("apple"), async (fake) => {
      const provider = Apple({ env: envFor(byId("apple")) });
      const first = appFor(provider, fake);
      await signIn(first, fake, "apple");
      assert.equal(fake.lastAuthorization?.get("response_mode"), "form_post");
      assert.equal(fake.lastAuthorization?.get("scope"), "openid name email");
      assert.deepEqual(await sessionUser(first), byId("apple").user);

      fake.scenario.returning = true;
      const second = appFor(provider, fake);
      const done = await signIn(second, fake, "apple");
      assert.equal(done.headers.get("location"), `${APP}/dashboard`);
      const user = await sessionUser(second);
      assert.equal(user?.email, "ada@privaterelay.appleid.com");
      assert.ok(user?.name == null, "no name without the `user` field");
    }));

  test("Microsoft Entra ID (common): the templated issuer accepts iss = template with the token's own tid", () =>
    withFake(byId("microsoft-entra-id"), async (fake) => {
      const provider = MicrosoftEntraID({ env: envFor(byId("microsoft-entra-id")) });
      assert.equal(provider.issuer, "https://login.microsoftonline.com/common/v2.0");
      const app = appFor(provider, fake);
      const done = await signIn(app, fake, "microsoft-entra-id");
      assert.equal(done.headers.get("location"), `${APP}/dashboard`);
      assert.equal((await sessionUser(app))?.email, "ada@example.com");
    }));

  test("Microsoft Entra ID (common): an iss naming another tenant than the token's tid is refused", () =>
    withFake(byId("microsoft-entra-id"), async (fake) => {
      fake.scenario.issTenant = "00000000-0000-0000-0000-000000000bad";
      const app = appFor(MicrosoftEntraID({ env: envFor(byId("microsoft-entra-id")) }), fake);
      const done = await signIn(app, fake, "microsoft-entra-id");
      assert.equal(errorOf(done), "OAuthCallback");
      assert.equal(setCookie(done, "gatehouse.session-token"), undefined);
      assert.equal(await sessionUser(app), null);
    }));

  test("Microsoft Entra ID (common): a tid that is not a tenant id cannot shape the expected issuer", () =>
    withFake(byId("microsoft-entra-id"), async (fake) => {
      fake.scenario.tid = "x/../evil";
      fake.scenario.issTenant = "x/../evil";
      const app = appFor(MicrosoftEntraID({ env: envFor(byId("microsoft-entra-id")) }), fake);
      const done = await signIn(app, fake, "microsoft-entra-id");
      assert.equal(errorOf(done), "OAuthCallback");
    }));

  test("Microsoft Entra ID: a pinned tenant uses its own issuer and no template; AUTH_…_TENANT_ID is read", () => {
    const env = { ...envFor(byId("microsoft-entra-id")), AUTH_MICROSOFT_ENTRA_ID_TENANT_ID: ENTRA_TENANT };
    const pinned = MicrosoftEntraID({ env });
    assert.equal(pinned.issuer, `https://login.microsoftonline.com/${ENTRA_TENANT}/v2.0`);
    assert.equal(pinned.issuerTemplate, undefined);
    assert.throws(() => MicrosoftEntraID({ env, tenantId: "a/b" }), TypeError);
    // `consumers` discovery names the consumer tenant's concrete issuer, which the template pins.
    const consumers = MicrosoftEntraID({ env, tenantId: "consumers" });
    assert.equal(consumers.issuer, "https://login.microsoftonline.com/consumers/v2.0");
    assert.equal(
      consumers.issuerTemplate?.template,
      "https://login.microsoftonline.com/9188040d-6c67-4c5b-b112-36a304b66dad/v2.0",
    );
  });

  test("Microsoft Entra ID: a pinned tenant refuses a token from another tenant", async () => {
    const c = byId("microsoft-entra-id");
    const base = `https://login.microsoftonline.com/${ENTRA_TENANT}`;
    const fake = await startFakeProvider({
      ...c.spec,
      issuer: `${base}/v2.0`,
      discovery: {},
      authorizationEndpoint: `${base}/oauth2/v2.0/authorize`,
      tokenEndpoint: `${base}/oauth2/v2.0/token`,
    });
    try {
      const provider = MicrosoftEntraID({ env: envFor(c), tenantId: ENTRA_TENANT });
      const ok = appFor(provider, fake);
      assert.equal((await signIn(ok, fake, c.id)).headers.get("location"), `${APP}/dashboard`);
      fake.scenario.tid = "11111111-1111-1111-1111-111111111111";
      fake.scenario.issTenant = "11111111-1111-1111-1111-111111111111";
      assert.equal(errorOf(await signIn(appFor(provider, fake), fake, c.id)), "OAuthCallback");
    } finally {
      await fake.close();
    }
  });

  test("Twitch: asks for its claims with the `claims` parameter and accepts its array `scope`", () =>
    withFake(byId("twitch"), async (fake) => {
      const app = appFor(byId("twitch").make({ env: envFor(byId("twitch")) }), fake);
      await signIn(app, fake, "twitch");
      const claims = JSON.parse(fake.lastAuthorization?.get("claims") ?? "{}") as Record<string, unknown>;
      assert.ok("email" in (claims.id_token as Record<string, unknown>));
      assert.equal((await sessionUser(app))?.email, "ada@example.com");
    }));

  test("LinkedIn: no nonce is sent (its ID tokens carry none); the callback still checks state and PKCE", () =>
    withFake(byId("linkedin"), async (fake) => {
      const app = appFor(byId("linkedin").make({ env: envFor(byId("linkedin")) }), fake);
      await signIn(app, fake, "linkedin");
      assert.equal(fake.lastAuthorization?.has("nonce"), false);
      assert.ok(fake.lastAuthorization?.get("state"));
      assert.equal(fake.lastAuthorization?.get("code_challenge_method"), "S256");
    }));

  test("Facebook and X: the profile request names its fields", async () => {
    await Promise.all(
      ["facebook", "twitter"].map((id) =>
        withFake(byId(id), async (fake) => {
          await signIn(appFor(byId(id).make({ env: envFor(byId(id)) }), fake), fake, id);
          assert.ok(fake.requests.some((url) => /\/me\?(fields|user\.fields)=/.test(url)));
        }),
      ),
    );
  });

  test("Atlassian: audience and prompt=consent are part of the authorization request", () =>
    withFake(byId("atlassian"), async (fake) => {
      await signIn(
        appFor(byId("atlassian").make({ env: envFor(byId("atlassian")) }), fake),
        fake,
        "atlassian",
      );
      assert.equal(fake.lastAuthorization?.get("audience"), "api.atlassian.com");
      assert.equal(fake.lastAuthorization?.get("prompt"), "consent");
    }));
});

describe("preset configuration", () => {
  test("a missing variable is a TypeError at startup that names it", () => {
    assert.throws(() => GitHub({ env: {} }), { name: "TypeError", message: /AUTH_GITHUB_ID/ });
    assert.throws(() => GitHub({ env: { AUTH_GITHUB_ID: "x" } }), {
      name: "TypeError",
      message: /AUTH_GITHUB_SECRET/,
    });
    assert.throws(() => Auth0({ env: { AUTH_AUTH0_ID: "x", AUTH_AUTH0_SECRET: "y" } }), {
      name: "TypeError",
      message: /AUTH_AUTH0_ISSUER/,
    });
    assert.throws(() => MicrosoftEntraID({ env: {} }), {
      name: "TypeError",
      message: /AUTH_MICROSOFT_ENTRA_ID_ID/,
    });
  });

  test("without `env`, process.env is read; an overridden id reads its own variables", () => {
    process.env.AUTH_GOOGLE_ID = "from-process-env";
    process.env.AUTH_GOOGLE_SECRET = "secret-from-process-env";
    try {
      assert.equal(Google().clientId, "from-process-env");
    } finally {
      delete process.env.AUTH_GOOGLE_ID;
      delete process.env.AUTH_GOOGLE_SECRET;
    }
    const work = GitHub({
      id: "github-work",
      env: { AUTH_GITHUB_WORK_ID: "w", AUTH_GITHUB_WORK_SECRET: "s" },
    });
    assert.equal(work.id, "github-work");
    assert.equal(work.clientId, "w");
  });

  test("options win: clientId, authorization.params (merged key by key), profile", () =>
    withFake(byId("github"), async (fake) => {
      const provider = GitHub({
        env: { AUTH_GITHUB_SECRET: CLIENT_SECRET },
        clientId: CLIENT_ID,
        authorization: { params: { scope: "read:user", allow_signup: "false" } },
        profile: (p) => ({
          id: String(p.id),
          name: `GitHub user ${String(p.login)}`,
          email: null,
          image: null,
        }),
      });
      assert.equal(provider.authorization?.url, "https://github.com/login/oauth/authorize");
      const app = appFor(provider, fake);
      await signIn(app, fake, "github");
      assert.equal(fake.lastAuthorization?.get("scope"), "read:user");
      assert.equal(fake.lastAuthorization?.get("allow_signup"), "false");
      assert.deepEqual(await sessionUser(app), { name: "GitHub user octocat", email: null, image: null });
    }));
});
