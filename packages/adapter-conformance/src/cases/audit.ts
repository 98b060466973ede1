import assert from "node:assert/strict";
import type { AuditQuery, StoredAuditEntry } from "@gatehouse/core/adapter";
import { newUser, tag } from "../fixtures.ts";
import type { CaseContext } from "../types.ts";

const PARALLEL_APPENDS = 20;
const TIED_ENTRIES = 250;

type NewEntry = Omit<StoredAuditEntry, "id">;

function entry(overrides: Partial<NewEntry> = {}): NewEntry {
  return {
    // Whole milliseconds: what every database here round-trips exactly.
    at: new Date(Date.UTC(2025, 2, 3, 4, 5, 6, 789)),
    kind: "sign-in",
    actorId: null,
    subjectId: null,
    ip: "198.51.100.23",
    userAgent: "Mozilla/5.0 (Macintosh) Safari/605.1.15",
    detail: {},
    ...overrides,
  };
}

/** A random instant of a year no other case writes entries in, so time-bounded reads see only this case's. */
function instantIn(year: number): Date {
  return new Date(Date.UTC(year, 0, 1) + Math.floor(Math.random() * 360 * 86_400_000));
}

export function auditCases({ adapter, audit, point }: CaseContext): void {
  /** Every page of a query, following `next` to the end. */
  async function allPages(query: Omit<AuditQuery, "cursor">): Promise<StoredAuditEntry[][]> {
    const pages: StoredAuditEntry[][] = [];
    let cursor: string | null = null;
    do {
      const page = await audit().queryAudit({ ...query, cursor });
      pages.push(page.entries);
      cursor = page.next;
      assert.ok(pages.length <= 1000, "next ends");
    } while (cursor !== null);
    return pages;
  }

  const idsOf = (entries: StoredAuditEntry[]) => entries.map((each) => each.id);

  point(
    "appendAudit stores every field and assigns an id; queryAudit reads the entry back as stored",
    async () => {
      const user = await adapter().createUser(newUser("audit"));
      const given = entry({
        kind: "password-changed",
        actorId: user.id,
        subjectId: user.id,
        detail: { method: "password", attempts: 3, remembered: true, provider: null },
      });
      const stored = await audit().appendAudit(given);
      assert.equal(typeof stored.id, "string");
      assert.ok(stored.id.length > 0);
      assert.deepEqual(stored, { ...given, id: stored.id });
      const earlier = new Date(given.at.getTime() - 1);
      const bare = await audit().appendAudit(
        entry({ at: earlier, subjectId: user.id, ip: null, userAgent: null }),
      );
      assert.notEqual(bare.id, stored.id);
      const { entries, next } = await audit().queryAudit({ userId: user.id, limit: 10 });
      assert.deepEqual(entries, [stored, bare]);
      assert.equal(next, null, "one page holds them all");
    },
  );

  point("queryAudit with userId finds the user as actor or as subject, each entry once", async () => {
    const user = await adapter().createUser(newUser("audit"));
    const admin = await adapter().createUser(newUser("admin"));
    const someone = crypto.randomUUID();
    const base = Date.UTC(2025, 3, 1);
    const at = (n: number) => new Date(base + n * 1000);
    const own = await audit().appendAudit(entry({ at: at(1), actorId: user.id, subjectId: user.id }));
    const byUser = await audit().appendAudit(entry({ at: at(2), actorId: user.id, subjectId: someone }));
    const toUser = await audit().appendAudit(
      entry({ at: at(3), kind: "user-disabled", actorId: admin.id, subjectId: user.id }),
    );
    const failed = await audit().appendAudit(
      entry({ at: at(4), kind: "sign-in-failed", actorId: null, subjectId: user.id }),
    );
    await audit().appendAudit(entry({ at: at(5), actorId: someone, subjectId: someone }));
    await audit().appendAudit(entry({ at: at(6), kind: "sign-in-failed" }));

    const { entries } = await audit().queryAudit({ userId: user.id, limit: 100 });
    assert.deepEqual(idsOf(entries), idsOf([failed, toUser, byUser, own]), "newest first");
    assert.deepEqual(idsOf((await audit().queryAudit({ userId: admin.id, limit: 100 })).entries), [
      toUser.id,
    ]);
    assert.deepEqual((await audit().queryAudit({ userId: crypto.randomUUID(), limit: 100 })).entries, []);
  });

  point("queryAudit filters by kinds, and by time: from inclusive, to exclusive", async () => {
    const user = await adapter().createUser(newUser("audit"));
    const t = instantIn(1990).getTime();
    const kind = `kind-${tag()}`;
    const add = (ms: number, k = kind) =>
      audit().appendAudit(entry({ at: new Date(t + ms), kind: k, actorId: user.id }));
    const first = await add(0);
    const second = await add(1, "sign-out");
    const third = await add(2);
    const fourth = await add(3, "passkey-added");

    const page = (query: Partial<AuditQuery>) =>
      audit()
        .queryAudit({ limit: 100, ...query })
        .then(({ entries }) => idsOf(entries));
    assert.deepEqual(await page({ userId: user.id, kinds: [kind] }), idsOf([third, first]));
    assert.deepEqual(await page({ kinds: [kind] }), idsOf([third, first]), "without a user");
    assert.deepEqual(
      await page({ userId: user.id, kinds: [kind, "passkey-added"] }),
      idsOf([fourth, third, first]),
    );
    assert.deepEqual(await page({ userId: user.id, kinds: [] }), [], "no kind matches nothing");
    const from = new Date(t + 1);
    const to = new Date(t + 3);
    assert.deepEqual(await page({ userId: user.id, from, to }), idsOf([third, second]));
    assert.deepEqual(await page({ from, to }), idsOf([third, second]), "without a user");
    assert.deepEqual(await page({ userId: user.id, from }), idsOf([fourth, third, second]));
    assert.deepEqual(await page({ userId: user.id, to }), idsOf([third, second, first]));
    assert.deepEqual(await page({ kinds: [kind], from, to }), idsOf([third]));
  });

  point(
    `cursor pagination over ${TIED_ENTRIES} entries of one millisecond gives each entry exactly once, in one order, also while entries are appended`,
    async () => {
      const user = await adapter().createUser(newUser("audit"));
      const at = instantIn(1985);
      const kind = `tie-${tag()}`;
      const appended: StoredAuditEntry[] = [];
      for (let n = 0; n < TIED_ENTRIES; n++) {
        // Half as the actor, half as the subject: a user's two index scans, merged.
        const who = n % 2 === 0 ? { actorId: user.id } : { subjectId: user.id };
        appended.push(await audit().appendAudit(entry({ at, kind, ...who, detail: { n } })));
      }
      const expected = new Set(idsOf(appended));
      assert.equal(expected.size, TIED_ENTRIES, "distinct ids");
      const queries: Omit<AuditQuery, "cursor">[] = [
        { userId: user.id, limit: 7 },
        { kinds: [kind], limit: 7 },
        { from: at, to: new Date(at.getTime() + 1), limit: 7 },
        { userId: user.id, kinds: [kind], from: at, limit: 100 },
      ];
      const whole = idsOf((await audit().queryAudit({ userId: user.id, limit: 1000 })).entries);
      assert.deepEqual(new Set(whole), expected);
      for (const query of queries) {
        const pages = await allPages(query);
        const seen = idsOf(pages.flat());
        assert.equal(seen.length, TIED_ENTRIES, `every entry once: ${JSON.stringify(query)}`);
        assert.deepEqual(new Set(seen), expected);
        assert.deepEqual(seen, whole, "the same order as one page");
        for (const page of pages.slice(0, -1)) assert.equal(page.length, query.limit, "full pages");
      }

      // Appends while paging: a newer entry, and one of the same millisecond, join no later page.
      const first = await audit().queryAudit({ userId: user.id, limit: 50 });
      await audit().appendAudit(entry({ at: new Date(at.getTime() + 60_000), kind, actorId: user.id }));
      await audit().appendAudit(entry({ at, kind, actorId: user.id }));
      let cursor = first.next;
      const later: StoredAuditEntry[] = [];
      while (cursor !== null) {
        const page = await audit().queryAudit({ userId: user.id, limit: 50, cursor });
        later.push(...page.entries);
        cursor = page.next;
      }
      const paged = [...idsOf(first.entries), ...idsOf(later)];
      assert.equal(new Set(paged).size, paged.length, "no entry twice");
      for (const id of expected) assert.ok(paged.includes(id), "no appended-before entry skipped");
    },
  );

  point("limit is an integer 1–1000 (misuse is a TypeError); next is null on the last page", async () => {
    const user = await adapter().createUser(newUser("audit"));
    for (const limit of [0, 1001, 1.5, -1, Number.NaN]) {
      await assert.rejects(
        async () => audit().queryAudit({ userId: user.id, limit }),
        TypeError,
        `limit ${limit}`,
      );
    }
    const t = instantIn(1995).getTime();
    for (let n = 0; n < 3; n++) {
      await audit().appendAudit(entry({ at: new Date(t + n), actorId: user.id }));
    }
    const one = await audit().queryAudit({ userId: user.id, limit: 1 });
    assert.equal(one.entries.length, 1);
    assert.equal(typeof one.next, "string");
    const two = await audit().queryAudit({ userId: user.id, limit: 2, cursor: one.next });
    assert.equal(two.entries.length, 2);
    assert.equal(two.next, null, "exactly the rest: no empty page after");
    const all = await audit().queryAudit({ userId: user.id, limit: 1000 });
    assert.equal(all.entries.length, 3);
    assert.equal(all.next, null);
  });

  point("a cursor the adapter did not return is misuse: a TypeError", async () => {
    for (const cursor of ["", "not a cursor", "1.2.3", "🙂", `0.${"9".repeat(19)}`, "9999999999999999.1"]) {
      await assert.rejects(async () => audit().queryAudit({ limit: 10, cursor }), TypeError, cursor);
    }
  });

  point(
    "appendAudit with a nested or non-finite detail value is misuse: a TypeError, nothing stored",
    async () => {
      const subjectId = crypto.randomUUID();
      const bad = [
        { nested: { a: 1 } },
        { list: [1] },
        { n: Number.POSITIVE_INFINITY },
      ] as unknown as NewEntry["detail"][];
      for (const detail of bad) {
        await assert.rejects(async () => audit().appendAudit(entry({ subjectId, detail })), TypeError);
      }
      assert.deepEqual((await audit().queryAudit({ userId: subjectId, limit: 10 })).entries, []);
    },
  );

  point("deleteAuditBefore deletes the entries older than `before` and nothing else", async () => {
    // A year no other case writes in: retention is global, and must not touch their entries.
    const before = instantIn(1971);
    const subjectId = crypto.randomUUID();
    const older = await audit().appendAudit(entry({ at: new Date(before.getTime() - 1), subjectId }));
    const atCutoff = await audit().appendAudit(entry({ at: before, subjectId }));
    const newer = await audit().appendAudit(entry({ at: new Date(before.getTime() + 1), subjectId }));
    assert.equal(await audit().deleteAuditBefore(before), 1);
    const { entries } = await audit().queryAudit({ userId: subjectId, limit: 10 });
    assert.deepEqual(idsOf(entries), idsOf([newer, atCutoff]));
    assert.ok(!idsOf(entries).includes(older.id));
    assert.equal(await audit().deleteAuditBefore(before), 0, "a second run finds nothing");
  });

  point("deleteUser keeps the audit entries that name the user: they are the history", async () => {
    const user = await adapter().createUser(newUser("audit"));
    const signUp = entry({ actorId: user.id, subjectId: user.id, kind: "sign-up" });
    const entries = [
      await audit().appendAudit(signUp),
      await audit().appendAudit({
        ...signUp,
        at: new Date(signUp.at.getTime() + 1),
        kind: "account-deleted",
      }),
    ];
    await adapter().deleteUser(user.id);
    const after = await audit().queryAudit({ userId: user.id, limit: 10 });
    assert.deepEqual(after.entries, entries.toReversed(), "newest first, as stored");
  });

  point(`appendAudit: ${PARALLEL_APPENDS} concurrent appends are all stored, with distinct ids`, async () => {
    const subjectId = crypto.randomUUID();
    const at = new Date(Date.UTC(2025, 5, 1));
    const stored = await Promise.all(
      Array.from({ length: PARALLEL_APPENDS }, (_, n) =>
        audit().appendAudit(entry({ at, subjectId, detail: { n } })),
      ),
    );
    const ids = new Set(idsOf(stored));
    assert.equal(ids.size, PARALLEL_APPENDS, "distinct ids");
    const { entries } = await audit().queryAudit({ userId: subjectId, limit: 100 });
    assert.deepEqual(new Set(idsOf(entries)), ids);
    assert.deepEqual(
      entries.map((each) => each.detail.n).toSorted((a, b) => Number(a) - Number(b)),
      Array.from({ length: PARALLEL_APPENDS }, (_, n) => n),
    );
  });
}
