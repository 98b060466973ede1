import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { parseAccount } from "./account.ts";
import { parseActivityPage } from "./activity.ts";
import { parseSessions } from "./sessions.ts";

describe("the console's answers, narrowed", () => {
  it("reads GET account: linked providers by `provider`, linkable ones by `id`", () => {
    const account = parseAccount({
      user: {
        id: "u1",
        email: "ada@example.test",
        name: null,
        image: "",
        emailVerified: "2026-01-05T10:00:00.000Z",
      },
      methods: {
        password: true,
        passkeys: 2,
        twoFactor: false,
        providers: [{ provider: "dev", name: "Development provider", type: "oidc" }],
      },
      linkable: [{ id: "github", name: "GitHub", type: "oauth" }],
      recentSignIn: { fresh: false, until: null, maxAge: 600 },
    });
    assert.equal(account.user.image, null, "an empty picture is none");
    assert.deepEqual(account.methods.providers, [{ id: "dev", name: "Development provider", type: "oidc" }]);
    assert.deepEqual(account.linkable, [{ id: "github", name: "GitHub", type: "oauth" }]);
    assert.equal(account.recentSignIn.fresh, false);
  });

  it("refuses answers of another shape", () => {
    assert.throws(() => parseAccount({ user: { id: 1 } }), { code: "Default" });
    assert.throws(() => parseSessions({ sessions: [{ id: "s", current: "yes" }] }), { code: "Default" });
    assert.throws(() => parseActivityPage({ entries: null, next: null }), { code: "Default" });
  });

  it("keeps an activity entry's detail only when it is an object", () => {
    const page = parseActivityPage({
      entries: [
        {
          id: "e1",
          at: "2026-01-05T10:00:00.000Z",
          kind: "sign-in",
          ip: null,
          userAgent: null,
          detail: "odd",
          byYou: true,
        },
      ],
      next: "cursor-2",
    });
    assert.deepEqual(page.entries[0]?.detail, {});
    assert.equal(page.next, "cursor-2");
  });
});
