import assert from "node:assert/strict";
import type { StoredSessionRecord } from "@gatehouse/core/adapter";
import { hashedToken, newSessionRecord, newUser, recordId } from "../fixtures.ts";
import type { CaseContext } from "../types.ts";

const hasCode = (code: string) => (error: unknown) => (error as { code?: unknown }).code === code;

/** A `now` every record of these cases is live at, unless a case gives it an earlier expiry. */
const NOW = new Date(Date.UTC(2030, 0, 1));

export function sessionRecordCases({ adapter, extensions, sessionRecords, point }: CaseContext): void {
  /** A database session: its record, which brings the `sessions` row with it. */
  async function databaseSession(userId: string, overrides: Partial<StoredSessionRecord> = {}) {
    const sessionToken = hashedToken();
    const record = newSessionRecord(userId, {
      sessionTokenHash: sessionToken,
      method: "github",
      ...overrides,
    });
    await sessionRecords().createSessionRecord(record);
    return { sessionToken, record };
  }

  async function jwtSession(userId: string, overrides: Partial<StoredSessionRecord> = {}) {
    const record = newSessionRecord(userId, overrides);
    await sessionRecords().createSessionRecord(record);
    return record;
  }

  const ids = async (userId: string, now = NOW) =>
    (await sessionRecords().listSessionRecordIds(userId, now)).toSorted();
  const sorted = (...records: StoredSessionRecord[]) => records.map((record) => record.id).toSorted();

  point("createSessionRecord stores every field of a jwt session's record; it lists as stored", async () => {
    const user = await adapter().createUser(newUser("records"));
    const record = await jwtSession(user.id);
    const bare = await jwtSession(user.id, {
      ip: null,
      userAgent: null,
      method: "passkey",
      lastActiveAt: new Date(record.lastActiveAt.getTime() - 1),
    });
    assert.deepEqual(await sessionRecords().listSessionRecords(user.id, NOW), [record, bare]);
    assert.deepEqual(await ids(user.id), sorted(record, bare));
  });

  point(
    "a record keeps the second factor its sign-in passed (issue 23): `totp` lists as `totp`, null as null, of either strategy",
    async () => {
      const user = await adapter().createUser(newUser("records"));
      const at = (minutes: number) => new Date(Date.UTC(2025, 0, 1) + minutes * 60_000);
      const totp = await jwtSession(user.id, { secondFactor: "totp", lastActiveAt: at(4) });
      const none = await jwtSession(user.id, { secondFactor: null, lastActiveAt: at(3) });
      const backup = await databaseSession(user.id, { secondFactor: "backup", lastActiveAt: at(2) });
      const passkey = await jwtSession(user.id, {
        method: "passkey",
        secondFactor: "passkey",
        lastActiveAt: at(1),
      });
      const listed = await sessionRecords().listSessionRecords(user.id, NOW);
      assert.deepEqual(listed, [totp, none, backup.record, passkey]);
      assert.deepEqual(
        listed.map((record) => record.secondFactor),
        ["totp", null, "backup", "passkey"],
      );
      assert.deepEqual(
        await sessionRecords().deleteSessionRecord(user.id, backup.record.id),
        backup.record,
        "the deleted record, second factor and all",
      );
    },
  );

  point("a database session's record keeps its token hash", async () => {
    const user = await adapter().createUser(newUser("records"));
    const { record } = await databaseSession(user.id);
    assert.deepEqual(await sessionRecords().listSessionRecords(user.id, NOW), [record]);
  });

  point(
    "a database session's record brings its session: createSessionRecord stores the sessions row (token hash, user, expiry) with it",
    async () => {
      const user = await adapter().createUser(newUser("records"));
      const { sessionToken, record } = await databaseSession(user.id);
      const found = await adapter().getSessionAndUser(sessionToken);
      assert.deepEqual(found?.session, { sessionToken, userId: user.id, expires: record.expires });
      assert.equal(found?.user.id, user.id);
    },
  );

  point(
    "killed mid-sign-in (issue 22): a database session and its record are written both or neither — a refused record leaves no session row",
    async () => {
      // A process killed between two separate writes left a `sessions` row without its record: a
      // session no list showed and no single revocation reached. Each refused record here fails
      // after its session row could have been written (a taken id; an unknown user); the row must
      // not stay.
      const user = await adapter().createUser(newUser("records"));
      const taken = await jwtSession(user.id);
      const refused = [
        newSessionRecord(user.id, { id: taken.id, sessionTokenHash: hashedToken() }),
        newSessionRecord(crypto.randomUUID(), { sessionTokenHash: hashedToken() }),
      ];
      for (const record of refused) {
        await assert.rejects(async () => sessionRecords().createSessionRecord(record), hasCode("Conflict"));
        assert.equal(
          await adapter().getSessionAndUser(record.sessionTokenHash ?? ""),
          null,
          "no session row",
        );
      }
      assert.deepEqual(await ids(user.id), [taken.id]);
      // Every database session of the user has its record: the list shows each, a revocation ends it.
      const { sessionToken, record } = await databaseSession(user.id);
      assert.deepEqual(await ids(user.id), sorted(taken, record));
      assert.ok(await sessionRecords().deleteSessionRecord(user.id, record.id));
      assert.equal(
        await adapter().getSessionAndUser(sessionToken),
        null,
        "revoking the record ends the session",
      );
    },
  );

  point("listSessionRecords: most recently active first", async () => {
    const user = await adapter().createUser(newUser("records"));
    const at = (minutes: number) => new Date(Date.UTC(2025, 0, 1) + minutes * 60_000);
    const middle = await jwtSession(user.id, { lastActiveAt: at(5) });
    const newest = await databaseSession(user.id, { lastActiveAt: at(9) });
    const oldest = await jwtSession(user.id, { lastActiveAt: at(1) });
    assert.deepEqual(
      (await sessionRecords().listSessionRecords(user.id, NOW)).map((record) => record.id),
      [newest.record.id, middle.id, oldest.id],
    );
  });

  point(
    "listSessionRecords and listSessionRecordIds leave out records expired at `now` and other users' records",
    async () => {
      const user = await adapter().createUser(newUser("records"));
      const other = await adapter().createUser(newUser("other"));
      const expired = await jwtSession(user.id, { expires: new Date(NOW.getTime() - 1) });
      const endsNow = await jwtSession(user.id, { expires: NOW });
      const live = await jwtSession(user.id, { expires: new Date(NOW.getTime() + 1) });
      await jwtSession(other.id);
      assert.deepEqual(await sessionRecords().listSessionRecords(user.id, NOW), [live]);
      assert.deepEqual(await ids(user.id), [live.id]);
      const earlier = new Date(NOW.getTime() - 2);
      assert.deepEqual(await ids(user.id, earlier), sorted(expired, endsNow, live), "live at an earlier now");
      assert.deepEqual(await sessionRecords().listSessionRecords(crypto.randomUUID(), NOW), []);
      assert.deepEqual(await ids(crypto.randomUUID()), []);
    },
  );

  point(
    "createSessionRecord rejects with code Conflict, storing nothing: a taken id, an unknown user, a token hash already stored (recorded or not)",
    async () => {
      const user = await adapter().createUser(newUser("records"));
      const first = await jwtSession(user.id);
      const { sessionToken } = await databaseSession(user.id);
      const unrecorded = hashedToken(); // stored by createSession alone (before records were kept)
      await adapter().createSession({ sessionToken: unrecorded, userId: user.id, expires: NOW });
      const refused: StoredSessionRecord[] = [
        newSessionRecord(user.id, { id: first.id, method: "email" }),
        newSessionRecord(crypto.randomUUID()),
        newSessionRecord(user.id, { sessionTokenHash: sessionToken }),
        newSessionRecord(user.id, { sessionTokenHash: unrecorded }),
      ];
      for (const record of refused) {
        await assert.rejects(async () => sessionRecords().createSessionRecord(record), hasCode("Conflict"));
      }
      const stored = await adapter().getSessionAndUser(unrecorded);
      assert.equal(stored?.session.expires.getTime(), NOW.getTime(), "the stored session is unchanged");
      const listed = await sessionRecords().listSessionRecords(user.id, NOW);
      assert.equal(listed.length, 2);
      assert.deepEqual(
        listed.find((record) => record.id === first.id),
        first,
        "the first record is kept",
      );
    },
  );

  point(
    "touchSessionRecord moves last active and the expiry forward, never back; false for an unknown id",
    async () => {
      const user = await adapter().createUser(newUser("records"));
      const record = await jwtSession(user.id);
      const at = new Date(record.lastActiveAt.getTime() + 3_600_000);
      const expires = new Date(record.expires.getTime() + 86_400_000);
      assert.equal(await sessionRecords().touchSessionRecord(record.id, at, expires), true);
      const touched = { ...record, lastActiveAt: at, expires };
      assert.deepEqual(await sessionRecords().listSessionRecords(user.id, NOW), [touched]);
      // A late write from another instance, carrying earlier times.
      assert.equal(
        await sessionRecords().touchSessionRecord(record.id, record.lastActiveAt, record.expires),
        true,
      );
      assert.deepEqual(await sessionRecords().listSessionRecords(user.id, NOW), [touched], "kept the later");
      assert.equal(await sessionRecords().touchSessionRecord(recordId(), at, expires), false);
    },
  );

  point(
    "deleteSessionRecord deletes a database session's record and its session row; resolves to the record",
    async () => {
      const user = await adapter().createUser(newUser("records"));
      const { sessionToken, record } = await databaseSession(user.id);
      const kept = await databaseSession(user.id);
      assert.deepEqual(await sessionRecords().deleteSessionRecord(user.id, record.id), record);
      assert.equal(await adapter().getSessionAndUser(sessionToken), null, "the session is revoked");
      assert.deepEqual(await ids(user.id), [kept.record.id]);
      assert.ok(await adapter().getSessionAndUser(kept.sessionToken), "the other session stays");
      assert.equal(await sessionRecords().deleteSessionRecord(user.id, record.id), null, "gone");
    },
  );

  point("deleteSessionRecord deletes a jwt session's record: its id is no longer live", async () => {
    const user = await adapter().createUser(newUser("records"));
    const record = await jwtSession(user.id);
    assert.deepEqual(await sessionRecords().deleteSessionRecord(user.id, record.id), record);
    assert.deepEqual(await ids(user.id), []);
  });

  point(
    "deleteSessionRecord of an unknown id, or of another user's record, is null and deletes nothing",
    async () => {
      const owner = await adapter().createUser(newUser("records"));
      const other = await adapter().createUser(newUser("other"));
      const { sessionToken, record } = await databaseSession(owner.id);
      assert.equal(await sessionRecords().deleteSessionRecord(other.id, record.id), null);
      assert.equal(await sessionRecords().deleteSessionRecord(owner.id, recordId()), null);
      assert.deepEqual(await ids(owner.id), [record.id]);
      assert.ok(await adapter().getSessionAndUser(sessionToken));
    },
  );

  point(
    "deleteSessionRecords keeps one: every other record and database session of the user goes, other users' stay",
    async () => {
      const user = await adapter().createUser(newUser("records"));
      const other = await adapter().createUser(newUser("other"));
      const current = await databaseSession(user.id);
      const elsewhere = await databaseSession(user.id);
      await jwtSession(user.id);
      await jwtSession(user.id);
      // A database session stored without a record (before records were kept): ended as well.
      const unrecorded = hashedToken();
      await adapter().createSession({
        sessionToken: unrecorded,
        userId: user.id,
        expires: new Date(Date.UTC(2099, 0, 1)),
      });
      const theirs = await databaseSession(other.id);
      const theirJwt = await jwtSession(other.id);

      assert.equal(
        await sessionRecords().deleteSessionRecords(user.id, current.record.id),
        3,
        "records deleted",
      );
      assert.deepEqual(await ids(user.id), [current.record.id]);
      assert.ok(await adapter().getSessionAndUser(current.sessionToken), "the kept session stays");
      assert.equal(await adapter().getSessionAndUser(elsewhere.sessionToken), null);
      assert.equal(await adapter().getSessionAndUser(unrecorded), null);
      assert.deepEqual(await ids(other.id), sorted(theirs.record, theirJwt));
      assert.ok(await adapter().getSessionAndUser(theirs.sessionToken));
      assert.equal(
        await sessionRecords().deleteSessionRecords(user.id, current.record.id),
        0,
        "nothing left",
      );
    },
  );

  point("deleteSessionRecords with null deletes every record and database session of the user", async () => {
    const user = await adapter().createUser(newUser("records"));
    const database = await databaseSession(user.id);
    await jwtSession(user.id);
    const other = await adapter().createUser(newUser("other"));
    const theirs = await jwtSession(other.id);
    assert.equal(await sessionRecords().deleteSessionRecords(user.id, null), 2);
    assert.deepEqual(await ids(user.id), []);
    assert.equal(await adapter().getSessionAndUser(database.sessionToken), null);
    assert.deepEqual(await ids(other.id), [theirs.id]);
    assert.equal(await sessionRecords().deleteSessionRecords(crypto.randomUUID(), null), 0);
  });

  point("deleteSession (sign-out) takes the session's record with it", async () => {
    const user = await adapter().createUser(newUser("records"));
    const { sessionToken } = await databaseSession(user.id);
    const jwt = await jwtSession(user.id);
    await adapter().deleteSession(sessionToken);
    assert.deepEqual(await ids(user.id), [jwt.id], "the jwt session's record stays");
  });

  point("deleteSessionsByUserId (back-channel logout) takes the database sessions' records", async () => {
    const deleteSessionsByUserId = adapter().deleteSessionsByUserId;
    assert.equal(typeof deleteSessionsByUserId, "function", "an adapter with session records has it");
    const user = await adapter().createUser(newUser("records"));
    await databaseSession(user.id);
    await databaseSession(user.id);
    const jwt = await jwtSession(user.id);
    assert.equal(await adapter().deleteSessionsByUserId(user.id), 2);
    assert.deepEqual(await ids(user.id), [jwt.id]);
  });

  point(
    "deleteExpiredSessions deletes expired records, of jwt and database sessions, and no live one",
    async () => {
      // A `now` in the past keeps this independent of the rows other cases left behind.
      const now = new Date(Date.UTC(2000, 0, 1));
      const before = new Date(Date.UTC(1999, 11, 31));
      const user = await adapter().createUser(newUser("records"));
      const expiredJwt = await jwtSession(user.id, { expires: before });
      const liveJwt = await jwtSession(user.id);
      const expiredDatabase = newSessionRecord(user.id, { sessionTokenHash: hashedToken(), expires: before });
      await sessionRecords().createSessionRecord(expiredDatabase);
      const live = await databaseSession(user.id);
      const earlier = new Date(Date.UTC(1999, 0, 1));
      assert.deepEqual(
        await ids(user.id, earlier),
        sorted(expiredJwt, liveJwt, expiredDatabase, live.record),
      );

      assert.equal(await extensions().deleteExpiredSessions(now), 1, "the count is of sessions");
      assert.deepEqual(await ids(user.id, earlier), sorted(liveJwt, live.record));
    },
  );

  point("deleteUser takes the user's records and sessions with it", async () => {
    const user = await adapter().createUser(newUser("records"));
    const { sessionToken } = await databaseSession(user.id);
    await jwtSession(user.id);
    await adapter().deleteUser(user.id);
    assert.deepEqual(await ids(user.id), []);
    assert.deepEqual(await sessionRecords().listSessionRecords(user.id, NOW), []);
    assert.equal(await adapter().getSessionAndUser(sessionToken), null);
  });
}
