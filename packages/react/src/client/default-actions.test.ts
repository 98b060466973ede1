import assert from "node:assert/strict";
import { afterEach, describe, it } from "node:test";
import {
  changePassword,
  getCsrfToken,
  getProviders,
  getSession,
  requestPasswordReset,
  resetPassword,
  setPassword,
  signIn,
  signOut,
  signUp,
} from "./default-actions.ts";

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

// Records the URLs asked for and answers like a signed-out Gatehouse endpoint.
function recordFetch(): string[] {
  const urls: string[] = [];
  globalThis.fetch = async (input) => {
    const url = String(input);
    urls.push(url);
    if (url.endsWith("/providers")) return Response.json({});
    if (url.endsWith("/csrf")) return Response.json({ csrfToken: "t" });
    if (url.endsWith("/signout")) return Response.json({ url: "/" });
    if (url.endsWith("/signup") || url.endsWith("-password")) return Response.json({ url: "/", ok: true });
    return Response.json({});
  };
  return urls;
}

describe("default actions", () => {
  it("speak to /api/auth through a fresh client per call", async () => {
    const urls = recordFetch();
    assert.equal(await getSession(), null);
    assert.equal(await getCsrfToken(), "t");
    assert.deepEqual(await getProviders(), {});
    assert.deepEqual(await signIn("github", { redirect: false }), {
      ok: true,
      status: 200,
      error: null,
      url: "/api/auth/signin",
    });
    assert.equal((await signOut({ redirect: false })).ok, true);
    assert.deepEqual(urls, [
      "/api/auth/session",
      "/api/auth/csrf",
      "/api/auth/providers",
      "/api/auth/providers",
      "/api/auth/csrf",
      "/api/auth/signout",
    ]);
  });

  it("the password functions post to /api/auth too", async () => {
    const urls = recordFetch();
    const email = "ada@example.com";
    assert.deepEqual(await signUp({ email, password: "pw" }), { ok: true, status: 200, url: "/" });
    assert.equal((await requestPasswordReset({ email })).ok, true);
    assert.equal((await resetPassword({ token: "t", email, user: "u", password: "pw" })).ok, true);
    assert.deepEqual(await changePassword({ currentPassword: "a", newPassword: "b" }), {
      ok: true,
      status: 200,
    });
    assert.equal((await setPassword({ newPassword: "b" })).ok, true);
    assert.deepEqual(
      urls.filter((url) => !url.endsWith("/csrf")),
      [
        "/api/auth/signup",
        "/api/auth/forgot-password",
        "/api/auth/reset-password",
        "/api/auth/change-password",
        "/api/auth/set-password",
      ],
    );
  });
});
