import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  auditParams,
  disableUser,
  enableUser,
  fetchUser,
  fetchUsers,
  parseAuditPage,
  parseOverview,
  parseUserDetail,
  parseUserPage,
  removeTwoFactor,
  revokeUserSessions,
  sendPasswordReset,
  setUserRole,
  userListParams,
} from "./admin.ts";

/** A fetch that records its calls and answers `body` (as JSON) with `status`. */
function fakeFetch(body: unknown, status = 200) {
  const calls: Array<{ url: string; body: string }> = [];
  const fetch = (async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), body: String(init?.body ?? "") });
    return Response.json(body, { status });
  }) as typeof globalThis.fetch;
  return { fetch, calls, csrfToken: async () => "tok" };
}

const USER = {
  id: "u1",
  email: "ada@example.test",
  name: "Ada",
  image: "",
  emailVerified: "2026-01-05T10:00:00.000Z",
  createdAt: "2026-01-01T09:00:00.000Z",
  disabledAt: null,
  role: null,
  admin: false,
  twoFactor: true,
};

describe("the admin API's query strings", () => {
  it("sends only the filters that are set, with booleans as words and the search trimmed", () => {
    assert.equal(
      userListParams(
        { q: "  ada ", disabled: false, twoFactor: true, sort: "email", order: "desc" },
        { limit: 25, cursor: null },
      ).toString(),
      "q=ada&disabled=false&twoFactor=true&sort=email&order=desc&limit=25",
    );
    assert.equal(userListParams({ q: "   " }, { limit: 10, cursor: "c2" }).toString(), "cursor=c2&limit=10");
  });

  it("joins the audit kinds with commas", () => {
    assert.equal(
      auditParams(
        { kinds: ["sign-in", "sign-in-failed"], user: "u1", from: "2026-01-01T00:00:00.000Z" },
        { limit: 25, cursor: null },
      ).toString(),
      "kind=sign-in%2Csign-in-failed&user=u1&from=2026-01-01T00%3A00%3A00.000Z&limit=25",
    );
    assert.equal(auditParams({ kinds: [] }, { limit: 5, cursor: null }).toString(), "limit=5");
  });
});

describe("the admin API's answers, narrowed", () => {
  it("reads a page of users; an empty picture is none", () => {
    const page = parseUserPage({ users: [USER], next: "n2" });
    assert.equal(page.items[0]?.image, null);
    assert.equal(page.items[0]?.twoFactor, true);
    assert.equal(page.next, "n2");
  });

  it("reads a user's page, with no session list when the storage keeps none", () => {
    const detail = parseUserDetail({
      user: { ...USER, role: "admin", admin: true },
      accounts: [{ provider: "dev", name: "Development provider", type: "oidc", providerAccountId: "ada" }],
      methods: {
        password: true,
        passkeys: [
          {
            id: "p1",
            name: "Laptop",
            createdAt: null,
            lastUsedAt: null,
            deviceType: "multiDevice",
            backedUp: true,
          },
        ],
        twoFactor: true,
        backupCodes: 8,
      },
      sessions: null,
      activity: [
        {
          id: "a1",
          at: "2026-01-05T10:00:00.000Z",
          kind: "user-disabled",
          actorId: "admin1",
          actorEmail: "root@example.test",
          subjectId: "u1",
          subjectEmail: "ada@example.test",
          ip: "127.0.0.1",
          userAgent: null,
          detail: { reason: "Phishing" },
        },
      ],
    });
    assert.equal(detail.sessions, null);
    assert.equal(detail.user.role, "admin");
    assert.equal(detail.methods.passkeys[0]?.name, "Laptop");
    assert.equal(detail.methods.backupCodes, 8);
    assert.deepEqual(detail.activity[0]?.detail, { reason: "Phishing" });
    assert.equal(detail.roles, null, "no roles named: the console offers admin alone");
    assert.deepEqual(parseUserDetail({ ...detailBody(), roles: ["admin", "support"] }).roles, [
      "admin",
      "support",
    ]);
    assert.equal(
      parseUserDetail({ ...detailBody(), roles: ["admin", 3] }).roles,
      null,
      "roles that are not all names: the console offers admin alone, as without any",
    );
  });

  it("reads a user's sessions with their second factor; none sent (a server from before it) is null", () => {
    const session = {
      id: "s1",
      createdAt: "2026-01-05T10:00:00.000Z",
      lastActiveAt: "2026-01-05T11:00:00.000Z",
      expires: "2026-02-04T10:00:00.000Z",
      ip: null,
      userAgent: "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0",
      method: "passkey",
    };
    const detail = parseUserDetail({
      ...detailBody(),
      sessions: [
        { ...session, secondFactor: "passkey" },
        { ...session, id: "s2", method: "password" },
      ],
    });
    assert.deepEqual(detail.sessions, [
      { ...session, secondFactor: "passkey" },
      { ...session, id: "s2", method: "password", secondFactor: null },
    ]);
    assert.throws(
      () => parseUserDetail({ ...detailBody(), sessions: [{ ...session, secondFactor: true }] }),
      {
        code: "Default",
      },
    );
  });

  it("reads the overview and the audit page", () => {
    const overview = parseOverview({
      users: 3,
      disabledUsers: 1,
      activeSessions: 2,
      signIns: 5,
      failedSignIns: 1,
      since: "2026-01-04T10:00:00.000Z",
    });
    assert.equal(overview.failedSignIns, 1);
    const audit = parseAuditPage({ entries: [], next: null });
    assert.deepEqual(audit, { items: [], next: null });
  });

  it("refuses answers of another shape", () => {
    assert.throws(() => parseUserPage({ users: [{ ...USER, admin: "yes" }], next: null }), {
      code: "Default",
    });
    assert.throws(() => parseOverview({ users: "3" }), { code: "Default" });
    assert.throws(() => parseAuditPage({ entries: {}, next: null }), { code: "Default" });
    assert.throws(() => parseUserDetail({ user: USER, methods: null }), { code: "Default" });
  });
});

function detailBody() {
  return {
    user: USER,
    accounts: [],
    methods: { password: false, passkeys: [], twoFactor: false, backupCodes: 0 },
    sessions: [],
    activity: [],
  };
}

describe("the admin API's requests", () => {
  it("gets the users and a user below /api/auth, the id encoded", async () => {
    const list = fakeFetch({ users: [], next: null });
    await fetchUsers({ q: "ada" }, { limit: 25, cursor: null }, list);
    assert.equal(list.calls[0]?.url, "/api/auth/admin-users?q=ada&limit=25");
    const one = fakeFetch(detailBody());
    await fetchUser("a b&c", one);
    assert.equal(one.calls[0]?.url, "/api/auth/admin-user?id=a+b%26c");
  });

  it("posts the actions' fields; an empty reason is left out, a required one trimmed", async () => {
    const disable = fakeFetch({ ok: true, user: { ...USER, disabledAt: "2026-01-05T10:00:00.000Z" } });
    const user = await disableUser({ id: "u1", reason: "  " }, disable);
    assert.equal(user.disabledAt, "2026-01-05T10:00:00.000Z");
    assert.equal(disable.calls[0]?.url, "/api/auth/admin-user-disable");
    assert.equal(disable.calls[0]?.body, "id=u1&csrfToken=tok");

    const remove = fakeFetch({ ok: true });
    await removeTwoFactor({ id: "u1", reason: " Lost phone " }, remove);
    assert.equal(remove.calls[0]?.body, "id=u1&reason=Lost+phone&csrfToken=tok");

    const revoke = fakeFetch({ ok: true, revoked: 2 });
    assert.deepEqual(await revokeUserSessions({ id: "u1" }, revoke), { revoked: 2 });
    const one = fakeFetch({ ok: true, revoked: 1 });
    await revokeUserSessions({ id: "u1", sessionId: "s1" }, one);
    assert.equal(one.calls[0]?.body, "id=u1&sessionId=s1&csrfToken=tok");

    const role = fakeFetch({ ok: true, user: { ...USER, role: null } });
    await setUserRole({ id: "u1", role: "" }, role);
    assert.equal(role.calls[0]?.body, "id=u1&role=&csrfToken=tok", "an empty role clears it");
  });

  it("sends every action's optional reason, trimmed, and none when it is blank", async () => {
    const enable = fakeFetch({ ok: true, user: USER });
    await enableUser({ id: "u1", reason: " Checked by phone " }, enable);
    assert.equal(enable.calls[0]?.url, "/api/auth/admin-user-enable");
    assert.equal(enable.calls[0]?.body, "id=u1&reason=Checked+by+phone&csrfToken=tok");
    const reset = fakeFetch({ ok: true });
    await sendPasswordReset({ id: "u1", reason: "Asked by phone" }, reset);
    assert.equal(reset.calls[0]?.url, "/api/auth/admin-password-reset");
    assert.equal(reset.calls[0]?.body, "id=u1&reason=Asked+by+phone&csrfToken=tok");
    const quiet = fakeFetch({ ok: true });
    await sendPasswordReset({ id: "u1", reason: " " }, quiet);
    assert.equal(quiet.calls[0]?.body, "id=u1&csrfToken=tok");
    const role = fakeFetch({ ok: true, user: { ...USER, role: "admin" } });
    await setUserRole({ id: "u1", role: "admin", reason: "Joins support" }, role);
    assert.equal(role.calls[0]?.body, "id=u1&role=admin&reason=Joins+support&csrfToken=tok");
    const revoke = fakeFetch({ ok: true, revoked: 1 });
    await revokeUserSessions({ id: "u1", sessionId: "s1", reason: "Stolen laptop" }, revoke);
    assert.equal(revoke.calls[0]?.body, "id=u1&sessionId=s1&reason=Stolen+laptop&csrfToken=tok");
  });

  it("throws the server's refusals with their codes", async () => {
    const refused = fakeFetch({ error: "AdminRequired", message: "Only an administrator can do this." }, 403);
    await assert.rejects(fetchUsers({}, { limit: 25, cursor: null }, refused), {
      code: "AdminRequired",
      status: 403,
    });
    const self = fakeFetch({ error: "AdminSelfAction", message: "…" }, 409);
    await assert.rejects(disableUser({ id: "me" }, self), { code: "AdminSelfAction" });
  });
});
