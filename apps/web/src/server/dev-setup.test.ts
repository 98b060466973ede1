import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { DEV_CLIENT_ID, demoCredentials, startDevSetup } from "./dev-setup.ts";

const request = new Request("http://localhost:3000/api/auth/callback/credentials", { method: "POST" });

describe("demoCredentials", () => {
  const provider = demoCredentials({ username: "demo", password: "correct horse" });
  const authorize = (credentials: Record<string, string>) => {
    assert.equal(provider.type, "credentials");
    return provider.type === "credentials" ? provider.authorize(credentials, request) : null;
  };

  it("signs in the demo user with the right password", async () => {
    assert.deepEqual(await authorize({ username: "demo", password: "correct horse" }), {
      id: "demo",
      name: "Demo User",
      email: "demo@example.test",
    });
  });

  it("refuses a wrong password, a wrong user name and missing fields", async () => {
    assert.equal(await authorize({ username: "demo", password: "correct horsE" }), null);
    assert.equal(await authorize({ username: "Demo", password: "correct horse" }), null);
    assert.equal(await authorize({ username: "demo" }), null);
    assert.equal(await authorize({}), null);
  });
});

describe("startDevSetup", () => {
  it("starts an OpenID provider that knows the app's redirect URI, and a demo user", async () => {
    const dev = await startDevSetup({ authUrl: "http://localhost:4321/api/auth", port: 0, log: () => {} });
    try {
      assert.deepEqual(
        dev.providers.map((p) => [p.id, p.type, p.name]),
        [
          ["dev", "oidc", "Development provider"],
          ["credentials", "credentials", "Demo user"],
        ],
      );
      assert.equal(dev.demo.username, "demo");
      assert.match(dev.demo.password, /^[A-Za-z0-9_-]{16}$/);

      const discovery = await fetch(`${dev.issuer}/.well-known/openid-configuration`);
      assert.equal(discovery.status, 200);
      const { issuer, authorization_endpoint } = (await discovery.json()) as Record<string, string>;
      assert.equal(issuer, dev.issuer);

      // The provider only redirects back to the app's callback.
      const authorize = (redirectUri: string) =>
        fetch(
          `${authorization_endpoint}?${new URLSearchParams({
            client_id: DEV_CLIENT_ID,
            response_type: "code",
            scope: "openid",
            redirect_uri: redirectUri,
            code_challenge: "a".repeat(43),
            code_challenge_method: "S256",
          })}`,
          { redirect: "manual" },
        );
      const good = await authorize("http://localhost:4321/api/auth/callback/dev");
      assert.match(good.headers.get("location") ?? "", /\/interaction\//);
      const bad = await authorize("http://evil.example/api/auth/callback/dev");
      assert.doesNotMatch(bad.headers.get("location") ?? "", /\/interaction\//);
    } finally {
      await dev.close();
    }
  });
});
