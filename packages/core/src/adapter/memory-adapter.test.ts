import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { AdapterAccount, StoredClientRegistration, StoredSessionRecord } from "./adapter.ts";
import { createMemoryAdapter, MemoryAdapterError } from "./memory-adapter.ts";

// The Auth.js methods and the first-sign-in extensions are checked by the conformance suite
// (packages/adapter-conformance/test/memory-adapter.test.ts); these are the rest.

async function linked(adapter = createMemoryAdapter(), extra: Partial<AdapterAccount> = {}) {
  const user = await adapter.createUser({
    email: `${crypto.randomUUID()}@example.test`,
    emailVerified: null,
  });
  const account: AdapterAccount = {
    userId: user.id,
    type: "oidc",
    provider: "dev",
    providerAccountId: crypto.randomUUID(),
    access_token: "old-access",
    refresh_token: "old-refresh",
    expires_at: 100,
    ...extra,
  };
  await adapter.linkAccount(account);
  return {
    adapter,
    user,
    account,
    key: { provider: account.provider, providerAccountId: account.providerAccountId },
  };
}

function registration(overrides: Partial<StoredClientRegistration> = {}): StoredClientRegistration {
  return {
    provider: "dyn",
    issuer: "https://id.example.test",
    clientId: "client-1",
    clientSecret: "gh.enc.sealed",
    clientSecretExpiresAt: 0,
    registrationAccessToken: null,
    metadata: { client_id: "client-1", redirect_uris: ["https://app.example.test/cb"] },
    createdAt: new Date(Date.UTC(2025, 0, 1)),
    ...overrides,
  };
}

describe("memory adapter: stored rows", () => {
  test("returned objects are copies: changing them, or a tables() snapshot, changes nothing stored", async () => {
    const { adapter, user, key } = await linked();
    const session = { sessionToken: "hash", userId: user.id, expires: new Date(Date.UTC(2030, 0, 1)) };
    const created = await adapter.createSession(session);
    created.expires.setTime(0);
    session.expires.setTime(0);
    const read = await adapter.getUser(user.id);
    assert.ok(read);
    read.name = "Mallory";
    const account = await adapter.getAccountByUserId(user.id, "dev");
    assert.ok(account);
    account.access_token = "stolen";
    const snapshot = adapter.tables();
    snapshot.users.length = 0;
    snapshot.accounts[0]!.refresh_token = "stolen";

    assert.equal((await adapter.getUser(user.id))?.name, null);
    assert.deepEqual(
      (await adapter.getSessionAndUser("hash"))?.session.expires,
      new Date(Date.UTC(2030, 0, 1)),
    );
    const stored = await adapter.getUserByAccount(key);
    assert.equal(stored?.id, user.id);
    assert.deepEqual(
      adapter.tables().accounts.map((row) => [row.access_token, row.refresh_token]),
      [["old-access", "old-refresh"]],
    );
  });

  test("tables() lists every table's rows, tokens as stored", async () => {
    const { adapter, user, account } = await linked();
    await adapter.createSession({ sessionToken: "h1", userId: user.id, expires: new Date(1_000) });
    await adapter.createVerificationToken({ identifier: user.email, token: "t1", expires: new Date(2_000) });
    await adapter.createClientRegistration(registration());
    const tables = adapter.tables();
    assert.deepEqual(tables.users, [user]);
    assert.deepEqual(tables.accounts, [
      { ...account, token_type: null, scope: null, id_token: null, session_state: null },
    ]);
    assert.deepEqual(tables.sessions, [{ sessionToken: "h1", userId: user.id, expires: new Date(1_000) }]);
    assert.deepEqual(tables.verificationTokens, [
      { identifier: user.email, token: "t1", expires: new Date(2_000) },
    ]);
    assert.deepEqual(tables.clientRegistrations, [registration()]);
  });

  test("an email held by another user is EmailTaken, in a message that does not quote it", async () => {
    const adapter = createMemoryAdapter();
    const holder = await adapter.createUser({ email: "taken@example.test", emailVerified: null });
    const other = await adapter.createUser({ email: "other@example.test", emailVerified: null });
    const isEmailTaken = (error: unknown) =>
      error instanceof MemoryAdapterError && error.code === "EmailTaken" && !error.message.includes("taken@");
    await assert.rejects(
      adapter.createUserAndAccount(
        { email: holder.email, emailVerified: null },
        { type: "oidc", provider: "dev", providerAccountId: "new" },
      ),
      isEmailTaken,
    );
    await assert.rejects(adapter.updateUser({ id: other.id, email: holder.email }), isEmailTaken);
    assert.equal(await adapter.getUserByAccount({ provider: "dev", providerAccountId: "new" }), null);
    assert.equal(adapter.tables().users.length, 2, "nothing half-written");
  });

  test("a session or an account for an unknown user is a Conflict; an invalid Date is misuse", async () => {
    const adapter = createMemoryAdapter();
    const ghost = crypto.randomUUID();
    const isConflict = (error: unknown) => error instanceof MemoryAdapterError && error.code === "Conflict";
    await assert.rejects(
      adapter.createSession({ sessionToken: "h", userId: ghost, expires: new Date() }),
      isConflict,
    );
    await assert.rejects(
      adapter.linkAccount({ userId: ghost, type: "oidc", provider: "dev", providerAccountId: "x" }),
      isConflict,
    );
    await assert.rejects(
      adapter.createUser({ email: "late@example.test", emailVerified: new Date(Number.NaN) }),
      TypeError,
    );
    await assert.rejects(
      adapter.updateUser({ id: ghost, name: "Nobody" }),
      (error) => error instanceof MemoryAdapterError && error.code === "NotFound",
    );
  });
});

describe("memory adapter: refreshAccountTokens", () => {
  test("concurrent calls for one account run one at a time; each reads the row the previous one wrote", async () => {
    const { adapter, key, user } = await linked();
    let inside = 0;
    let calls = 0;
    const seen: (string | null | undefined)[] = [];
    const refresh = async (current: AdapterAccount) => {
      inside++;
      assert.equal(inside, 1, "never two refreshes inside the lock at once");
      seen.push(current.access_token);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inside--;
      if (current.access_token !== "old-access") return null;
      calls++;
      return { access_token: "fresh-access", refresh_token: "rotated", expires_at: 999 };
    };
    const rows = await Promise.all(
      Array.from({ length: 5 }, () => adapter.refreshAccountTokens(key, refresh)),
    );
    assert.equal(calls, 1);
    assert.deepEqual(seen, ["old-access", "fresh-access", "fresh-access", "fresh-access", "fresh-access"]);
    for (const row of rows) assert.equal(row?.access_token, "fresh-access");
    const stored = await adapter.getAccountByUserId(user.id, "dev");
    assert.deepEqual(
      [stored?.access_token, stored?.refresh_token, stored?.expires_at],
      ["fresh-access", "rotated", 999],
    );
  });

  test("different accounts do not wait for each other", async () => {
    const { adapter, key: slow } = await linked();
    const { key: fast } = await linked(adapter);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = adapter.refreshAccountTokens(slow, async () => {
      await held;
      return { access_token: "slow" };
    });
    const second = await adapter.refreshAccountTokens(fast, async () => ({ access_token: "fast" }));
    assert.equal(second?.access_token, "fast", "finished while the other account's refresh is held");
    release();
    assert.equal((await first)?.access_token, "slow");
  });

  test("a refresh that throws rejects with its own error, writes nothing, and does not block the next call", async () => {
    const { adapter, key, user } = await linked();
    const boom = new Error("provider exploded");
    const failed = adapter.refreshAccountTokens(key, async () => {
      throw boom;
    });
    const next = adapter.refreshAccountTokens(key, async (current) => {
      assert.equal(current.access_token, "old-access", "the failed refresh wrote nothing");
      return { access_token: "after" };
    });
    await assert.rejects(failed, (error) => error === boom);
    assert.equal((await next)?.access_token, "after");
    assert.equal((await adapter.getAccountByUserId(user.id, "dev"))?.access_token, "after");
  });

  test("refresh is handed a copy; null writes nothing; an absent field is kept and null clears it", async () => {
    const { adapter, key } = await linked();
    const unchanged = await adapter.refreshAccountTokens(key, async (current) => {
      current.access_token = "mutated";
      return null;
    });
    assert.equal(unchanged?.access_token, "old-access");
    const row = await adapter.refreshAccountTokens(key, async () => ({
      access_token: "new",
      refresh_token: null,
    }));
    assert.deepEqual([row?.access_token, row?.refresh_token, row?.expires_at], ["new", null, 100]);
    assert.deepEqual(
      adapter
        .tables()
        .accounts.map((stored) => [stored.access_token, stored.refresh_token, stored.expires_at]),
      [["new", null, 100]],
    );
  });
});

describe("memory adapter: client registrations", () => {
  test("unknown is null; the first registration stored for (provider, issuer) wins", async () => {
    const adapter = createMemoryAdapter();
    assert.equal(
      await adapter.getClientRegistration({ provider: "dyn", issuer: "https://id.example.test" }),
      null,
    );
    const first = await adapter.createClientRegistration(registration());
    assert.deepEqual(first, registration());
    const second = await adapter.createClientRegistration(registration({ clientId: "client-2" }));
    assert.equal(second.clientId, "client-1", "the later insert reads the winner's row");
    const elsewhere = await adapter.createClientRegistration(
      registration({ issuer: "https://other.example.test", clientId: "client-3" }),
    );
    assert.equal(elsewhere.clientId, "client-3", "another issuer is another registration");
    assert.deepEqual(
      await adapter.getClientRegistration({ provider: "dyn", issuer: "https://id.example.test" }),
      registration(),
    );
    assert.equal(adapter.tables().clientRegistrations.length, 2);
  });

  test("concurrent registrations settle on one row, and its metadata is copied all the way down", async () => {
    const adapter = createMemoryAdapter();
    const rows = await Promise.all(
      ["a", "b", "c"].map((clientId) => adapter.createClientRegistration(registration({ clientId }))),
    );
    assert.deepEqual(
      rows.map((row) => row.clientId),
      ["a", "a", "a"],
    );
    (rows[0]!.metadata.redirect_uris as string[]).push("https://evil.example/cb");
    const stored = await adapter.getClientRegistration({
      provider: "dyn",
      issuer: "https://id.example.test",
    });
    assert.deepEqual(stored?.metadata.redirect_uris, ["https://app.example.test/cb"]);
  });
});

describe("memory adapter: back-channel logout", () => {
  test("getUserByAccountSessionState finds the user whose account at that provider recorded the sid", async () => {
    const { adapter, user } = await linked(undefined, { session_state: "sid-1" });
    await linked(adapter, { provider: "other", session_state: "sid-2" });
    assert.equal(
      (await adapter.getUserByAccountSessionState({ provider: "dev", sessionState: "sid-1" }))?.id,
      user.id,
    );
    assert.equal(
      await adapter.getUserByAccountSessionState({ provider: "dev", sessionState: "sid-2" }),
      null,
    );
    assert.equal(
      await adapter.getUserByAccountSessionState({ provider: "other", sessionState: "sid-1" }),
      null,
    );
    assert.equal(
      await adapter.getUserByAccountSessionState({ provider: "dev", sessionState: "unknown" }),
      null,
    );
  });

  test("deleteSessionsByUserId deletes every session of that user and no other; resolves to how many", async () => {
    const adapter = createMemoryAdapter();
    const leaving = await adapter.createUser({ email: "leaving@example.test", emailVerified: null });
    const staying = await adapter.createUser({ email: "staying@example.test", emailVerified: null });
    const expires = new Date(Date.now() + 60_000);
    for (const sessionToken of ["l1", "l2", "l3"])
      await adapter.createSession({ sessionToken, userId: leaving.id, expires });
    await adapter.createSession({ sessionToken: "s1", userId: staying.id, expires });

    assert.equal(await adapter.deleteSessionsByUserId(leaving.id), 3);
    assert.deepEqual(
      adapter.tables().sessions.map((session) => session.sessionToken),
      ["s1"],
    );
    assert.equal(await adapter.deleteSessionsByUserId(leaving.id), 0);
    assert.equal(await adapter.deleteSessionsByUserId(crypto.randomUUID()), 0);
  });
});

// The contract of these methods (races, NotFound, misuse, forward-only times, the rate-limit store)
// is in the conformance suite; these are what only the memory adapter has.
describe("memory adapter: password accounts", () => {
  test("tables() lists the password hashes; they leave with their user", async () => {
    const adapter = createMemoryAdapter();
    const user = await adapter.createUserWithPassword(
      { email: "pw@example.test", emailVerified: null },
      "$h1",
    );
    assert.ok(user);
    const other = await adapter.createUser({ email: "other@example.test", emailVerified: null });
    await adapter.setPasswordHash(other.id, "$h2");
    assert.deepEqual(adapter.tables().passwords, [
      { userId: user.id, passwordHash: "$h1" },
      { userId: other.id, passwordHash: "$h2" },
    ]);
    await adapter.deleteUser(user.id);
    assert.deepEqual(adapter.tables().passwords, [{ userId: other.id, passwordHash: "$h2" }]);
  });

  test("a taken email is a null answer, not EmailTaken; an unknown user is NotFound", async () => {
    const adapter = createMemoryAdapter();
    await adapter.createUser({ email: "taken@example.test", emailVerified: null });
    assert.equal(
      await adapter.createUserWithPassword({ email: "taken@example.test", emailVerified: null }, "$h"),
      null,
    );
    assert.equal(adapter.tables().users.length, 1);
    await assert.rejects(
      adapter.setPasswordHash("ghost", "$h"),
      (error) => error instanceof MemoryAdapterError && error.code === "NotFound",
    );
  });

  test("getSessionsValidAfter returns a copy", async () => {
    const adapter = createMemoryAdapter();
    const user = await adapter.createUser({ email: "copy@example.test", emailVerified: null });
    const at = new Date(Date.UTC(2025, 0, 1));
    await adapter.setSessionsValidAfter(user.id, at);
    at.setTime(0);
    (await adapter.getSessionsValidAfter(user.id))?.setTime(0);
    assert.deepEqual(await adapter.getSessionsValidAfter(user.id), new Date(Date.UTC(2025, 0, 1)));
  });

  test("rateLimits is a memory store of this adapter's own: adapters do not share counters", async () => {
    const one = createMemoryAdapter();
    const two = createMemoryAdapter();
    assert.deepEqual(await one.rateLimits.hit("k", { windowMs: 1000, now: 0 }), { count: 1, resetAt: 1000 });
    assert.equal(one.rateLimits.size, 1);
    assert.equal(await two.rateLimits.peek("k", 0), null);
  });
});

// The contract of these methods (counters, steps, single use, scoping, races, cascade, misuse) is in
// the conformance suite; these are what only the memory adapter has.
describe("memory adapter: passkeys and two-factor", () => {
  async function enrolled() {
    const adapter = createMemoryAdapter();
    const user = await adapter.createUser({
      email: `${crypto.randomUUID()}@example.test`,
      emailVerified: null,
    });
    const passkey = await adapter.createPasskey({
      id: "cred-1",
      userId: user.id,
      publicKey: "pk",
      counter: 1,
      transports: ["usb"],
      deviceType: "singleDevice",
      backedUp: false,
      name: "Key",
      createdAt: new Date(Date.UTC(2025, 0, 1)),
      lastUsedAt: null,
    });
    await adapter.startTwoFactor(user.id, "gh.enc.sealed");
    await adapter.replaceBackupCodes(user.id, ["c1", "c2"]);
    return { adapter, user, passkey };
  }

  test("tables() lists passkeys, enrolments and backup codes; they leave with their user", async () => {
    const { adapter, user, passkey } = await enrolled();
    await adapter.useBackupCode(user.id, "c1");
    const tables = adapter.tables();
    assert.deepEqual(tables.passkeys, [passkey]);
    assert.deepEqual(tables.twoFactor, [
      { userId: user.id, secret: "gh.enc.sealed", enabledAt: null, lastUsedStep: null },
    ]);
    assert.deepEqual(
      tables.backupCodes.map(({ codeHash, usedAt }) => [codeHash, usedAt instanceof Date]),
      [
        ["c1", true],
        ["c2", false],
      ],
    );
    await adapter.deleteUser(user.id);
    const after = adapter.tables();
    assert.deepEqual([after.passkeys, after.twoFactor, after.backupCodes], [[], [], []]);
  });

  test("returned passkeys and enrolments are copies: changing them changes nothing stored", async () => {
    const { adapter, user, passkey } = await enrolled();
    await adapter.enableTwoFactor(user.id, new Date(Date.UTC(2025, 0, 2)));
    passkey.transports.push("nfc");
    passkey.createdAt.setTime(0);
    const read = await adapter.getPasskey("cred-1");
    assert.ok(read);
    read.counter = 99;
    (await adapter.listPasskeys(user.id))[0]!.name = "stolen";
    (await adapter.getTwoFactor(user.id))?.enabledAt?.setTime(0);
    adapter.tables().twoFactor[0]!.lastUsedStep = 10;

    assert.deepEqual(await adapter.getPasskey("cred-1"), {
      ...read,
      counter: 1,
      transports: ["usb"],
      name: "Key",
      createdAt: new Date(Date.UTC(2025, 0, 1)),
    });
    assert.deepEqual(await adapter.getTwoFactor(user.id), {
      userId: user.id,
      secret: "gh.enc.sealed",
      enabledAt: new Date(Date.UTC(2025, 0, 2)),
      lastUsedStep: null,
    });
  });

  test("errors are MemoryAdapterErrors with the catalogue's codes", async () => {
    const { adapter, user, passkey } = await enrolled();
    await assert.rejects(
      adapter.createPasskey(passkey),
      (error) => error instanceof MemoryAdapterError && error.code === "Conflict",
    );
    await assert.rejects(
      adapter.startTwoFactor("ghost", "gh.enc.sealed"),
      (error) => error instanceof MemoryAdapterError && error.code === "NotFound",
    );
    await assert.rejects(
      adapter.replaceBackupCodes(user.id, ["same", "same"]),
      (error) => error instanceof MemoryAdapterError && error.code === "Conflict",
    );
  });
});

describe("memory adapter: disabled users and passkey sign-up", () => {
  const signUp = (email: string, credentialId: string, id: string = crypto.randomUUID()) => ({
    user: { id, email, emailVerified: null },
    passkey: {
      id: credentialId,
      userId: id,
      publicKey: "pk",
      counter: 0,
      transports: ["internal"],
      deviceType: "multiDevice" as const,
      backedUp: true,
      name: "Phone",
      createdAt: new Date(Date.UTC(2025, 0, 1)),
      lastUsedAt: null,
    },
  });

  test("tables() shows disabledAt; returned users are copies: changing their disabledAt changes nothing stored", async () => {
    const adapter = createMemoryAdapter();
    const user = await adapter.createUser({ email: "off@example.test", emailVerified: null });
    const at = new Date(Date.UTC(2025, 0, 2));
    const disabled = await adapter.setUserDisabled(user.id, at);
    disabled?.disabledAt?.setTime(0);
    at.setTime(0);
    (await adapter.getUser(user.id))?.disabledAt?.setTime(0);
    assert.deepEqual(
      adapter.tables().users.map((row) => row.disabledAt),
      [new Date(Date.UTC(2025, 0, 2))],
    );
  });

  test("createUserWithPasskey: tables() lists the new user and passkey; a stored id is a Conflict, a taken email null", async () => {
    const adapter = createMemoryAdapter();
    const first = signUp("new@example.test", "cred-1");
    const created = await adapter.createUserWithPasskey(first.user, first.passkey);
    assert.ok(created);
    assert.deepEqual(adapter.tables().users, [created.user]);
    assert.deepEqual(adapter.tables().passkeys, [created.passkey]);
    for (const clash of [
      signUp("other@example.test", "cred-1"),
      signUp("other@example.test", "cred-2", first.user.id),
    ]) {
      await assert.rejects(
        adapter.createUserWithPasskey(clash.user, clash.passkey),
        (error) =>
          error instanceof MemoryAdapterError &&
          error.code === "Conflict" &&
          error.operation === "createUserWithPasskey",
      );
    }
    // Email, credential id and user id all taken: the email answers first, as SQL's ON CONFLICT
    // (email) DO NOTHING does.
    const again = signUp("new@example.test", "cred-1", first.user.id);
    assert.equal(await adapter.createUserWithPasskey(again.user, again.passkey), null);
    assert.equal(adapter.tables().users.length, 1, "nothing half-written");
    assert.equal(adapter.tables().passkeys.length, 1);
  });
});

describe("memory adapter: session records and the audit log", () => {
  const at = new Date(Date.UTC(2025, 0, 1));
  const record = (userId: string, id: string, sessionTokenHash: string | null): StoredSessionRecord => ({
    id,
    userId,
    sessionTokenHash,
    createdAt: at,
    lastActiveAt: at,
    expires: new Date(Date.UTC(2030, 0, 1)),
    ip: "203.0.113.1",
    userAgent: "Firefox",
    method: "password",
    secondFactor: null,
  });

  test("tables() lists session records and audit entries; records leave with their user, entries stay", async () => {
    const { adapter, user } = await linked();
    await adapter.createSessionRecord(record(user.id, "r1", "h1"));
    await adapter.createSessionRecord(record(user.id, "r2", null));
    assert.deepEqual(
      adapter.tables().sessions,
      [{ sessionToken: "h1", userId: user.id, expires: new Date(Date.UTC(2030, 0, 1)) }],
      "a database session's record brings its row",
    );
    const entry = await adapter.appendAudit({
      at,
      kind: "sign-in",
      actorId: user.id,
      subjectId: user.id,
      ip: null,
      userAgent: null,
      detail: { method: "password" },
    });
    assert.deepEqual(adapter.tables().sessionRecords, [
      record(user.id, "r1", "h1"),
      record(user.id, "r2", null),
    ]);
    assert.deepEqual(adapter.tables().audit, [entry]);
    await adapter.deleteUser(user.id);
    assert.deepEqual(adapter.tables().sessionRecords, []);
    assert.deepEqual(adapter.tables().audit, [entry]);
  });

  test("a record's second factor is stored as given; a caller from before it (none given) stores null", async () => {
    const { adapter, user } = await linked();
    await adapter.createSessionRecord({ ...record(user.id, "r1", null), secondFactor: "totp" });
    const { secondFactor: _, ...older } = record(user.id, "r2", null);
    await adapter.createSessionRecord(older);
    assert.deepEqual(
      (await adapter.listSessionRecords(user.id, at)).map((r) => [r.id, r.secondFactor]),
      [
        ["r2", null],
        ["r1", "totp"],
      ],
    );
    await assert.rejects(
      adapter.createSessionRecord({ ...record(user.id, "r3", null), secondFactor: "" }),
      /createSessionRecord needs the second factor or null/,
    );
  });

  test("returned records and entries are copies: changing them changes nothing stored", async () => {
    const { adapter, user } = await linked();
    await adapter.createSessionRecord(record(user.id, "r1", null));
    const [listed] = await adapter.listSessionRecords(user.id, at);
    assert.ok(listed);
    listed.expires.setTime(0);
    listed.method = "stolen";
    const entry = await adapter.appendAudit({
      at,
      kind: "sign-in",
      actorId: null,
      subjectId: user.id,
      ip: null,
      userAgent: null,
      detail: { n: 1 },
    });
    entry.detail.n = 2;
    adapter.tables().audit[0]!.at.setTime(0);
    assert.deepEqual(await adapter.listSessionRecords(user.id, at), [record(user.id, "r1", null)]);
    assert.deepEqual((await adapter.queryAudit({ userId: user.id, limit: 1 })).entries, [
      { ...entry, at, detail: { n: 1 } },
    ]);
  });

  test("a record of an unknown user or of a stored session is a MemoryAdapterError Conflict; an invalid Date is misuse", async () => {
    const { adapter, user } = await linked();
    await adapter.createSession({ sessionToken: "stored", userId: user.id, expires: at });
    for (const bad of [record("nobody", "r1", null), record(user.id, "r2", "stored")]) {
      await assert.rejects(
        adapter.createSessionRecord(bad),
        (error) =>
          error instanceof MemoryAdapterError &&
          error.code === "Conflict" &&
          error.operation === "createSessionRecord",
      );
    }
    await assert.rejects(
      adapter.createSessionRecord({ ...record(user.id, "r3", null), expires: new Date(Number.NaN) }),
      TypeError,
    );
    await assert.rejects(adapter.listSessionRecordIds(user.id, new Date(Number.NaN)), TypeError);
    await assert.rejects(adapter.deleteAuditBefore(new Date(Number.NaN)), TypeError);
    assert.deepEqual(adapter.tables().sessionRecords, []);
  });
});
