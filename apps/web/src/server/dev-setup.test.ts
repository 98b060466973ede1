import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { DEV_CLIENT_ID, startDevSetup } from "./dev-setup.ts";

describe("startDevSetup", () => {
  it("starts an OpenID provider that knows the app's redirect URI", async () => {
    const dev = await startDevSetup({ authUrl: "http://localhost:4321/api/auth", port: 0, log: () => {} });
    try {
      // The demo account is an ordinary password account now (demo-account.ts), not a provider.
      assert.deepEqual(
        dev.providers.map((p) => [p.id, p.type, p.name]),
        [["dev", "oidc", "Development provider"]],
      );

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
