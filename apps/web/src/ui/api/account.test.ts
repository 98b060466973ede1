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
    assert.equal(account.user.role, null, "no role sent: none");
    assert.equal(account.user.admin, false, "no flag sent (a server from before roles): no administrator");
  });

  it("reads GET account's role and administrator flag, and refuses them of another type", () => {
    const answer = (user: Record<string, unknown>) => ({
      user: { id: "u1", email: null, name: null, image: null, emailVerified: null, ...user },
      methods: { password: false, passkeys: 0, twoFactor: false, providers: [] },
      recentSignIn: { fresh: true, until: null, maxAge: 600 },
    });
    const admin = parseAccount(answer({ role: "admin", admin: true })).user;
    assert.deepEqual([admin.role, admin.admin], ["admin", true]);
    const bootstrap = parseAccount(answer({ role: null, admin: true })).user;
    assert.deepEqual([bootstrap.role, bootstrap.admin], [null, true], "by a bootstrap address, no role");
    const support = parseAccount(answer({ role: "support", admin: false })).user;
    assert.deepEqual([support.role, support.admin], ["support", false]);
    assert.throws(() => parseAccount(answer({ admin: "yes" })), { code: "Default" });
    assert.throws(() => parseAccount(answer({ role: 1, admin: false })), { code: "Default" });
  });

  it("reads GET sessions with each session's second factor; none sent (a server from before it) is null", () => {
    const session = {
      id: "s1",
      current: true,
      createdAt: "2026-01-05T10:00:00.000Z",
      lastActiveAt: "2026-01-05T11:00:00.000Z",
      expires: "2026-02-04T10:00:00.000Z",
      ip: "203.0.113.7",
      userAgent: null,
      method: "password",
    };
    const [totp, none, older] = parseSessions({
      sessions: [
        { ...session, secondFactor: "totp" },
        { ...session, id: "s2", current: false, secondFactor: null },
        { ...session, id: "s3", current: false },
      ],
    });
    assert.deepEqual(totp, { ...session, secondFactor: "totp" });
    assert.equal(none?.secondFactor, null);
    assert.equal(older?.secondFactor, null, "absent: null");
    assert.throws(() => parseSessions({ sessions: [{ ...session, secondFactor: 2 }] }), { code: "Default" });
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
