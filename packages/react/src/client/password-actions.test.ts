import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { createAuthClient } from "./create-auth-client.ts";

// Records each POST's path, headers and form fields; answers as the server would on success.
function recordingClient() {
  const posts: Array<{ path: string; headers: Headers; fields: Record<string, string> }> = [];
  const client = createAuthClient({
    baseUrl: "https://app.example",
    fetch: async (input, init) => {
      const path = new URL(String(input)).pathname;
      if (path.endsWith("/csrf")) return Response.json({ csrfToken: "csrf-1" });
      const fields = Object.fromEntries(new URLSearchParams(String(init?.body)));
      posts.push({ path, headers: new Headers(init?.headers), fields });
      return Response.json(path.endsWith("-password") ? { ok: true } : { url: "https://app.example/next" });
    },
  });
  return { client, posts };
}

describe("password functions on the wire", () => {
  it("post a JSON-mode form with the CSRF token and only their own fields", async () => {
    const { client, posts } = recordingClient();
    // Extra properties (a whole form state object, say) are never sent.
    const extra = { confirmPassword: "pw", admin: "true" };
    await client.signUp({ email: "ada@example.com", password: "pw", name: "Ada", ...extra });
    await client.requestPasswordReset({ email: "ada@example.com", callbackUrl: "/after" });
    await client.resetPassword({
      token: "tk",
      email: "ada@example.com",
      user: "u1",
      password: "pw",
      ...extra,
    });
    await client.changePassword({ currentPassword: "old", newPassword: "new", ...extra });
    await client.setPassword({ newPassword: "new", ...extra });
    const common = { csrfToken: "csrf-1", json: "true" };
    assert.deepEqual(
      posts.map(({ path, fields }) => [path, fields]),
      [
        ["/api/auth/signup", { email: "ada@example.com", password: "pw", name: "Ada", ...common }],
        ["/api/auth/forgot-password", { email: "ada@example.com", callbackUrl: "/after", ...common }],
        [
          "/api/auth/reset-password",
          { token: "tk", email: "ada@example.com", user: "u1", password: "pw", ...common },
        ],
        ["/api/auth/change-password", { currentPassword: "old", newPassword: "new", ...common }],
        ["/api/auth/set-password", { newPassword: "new", ...common }],
      ],
    );
    for (const { headers } of posts) {
      assert.equal(headers.get("content-type"), "application/x-www-form-urlencoded");
      assert.equal(headers.get("x-auth-return-redirect"), "1");
    }
  });

  it("never navigate: the caller decides where `url` leads", async () => {
    const client = createAuthClient({
      baseUrl: "https://app.example",
      fetch: async () => Response.json({ url: "https://app.example/next", csrfToken: "c" }),
      navigate: () => assert.fail("must not navigate"),
    });
    assert.deepEqual(await client.signUp({ email: "a@example.com", password: "pw" }), {
      ok: true,
      status: 200,
      url: "https://app.example/next",
    });
  });
});
