import assert from "node:assert/strict";
import type { AdapterUser, UserSearch, UserSummary } from "@gatehouse/core/adapter";
import { tag } from "../fixtures.ts";
import type { CaseContext } from "../types.ts";

type Sort = NonNullable<UserSearch["sort"]>;
type Order = NonNullable<UserSearch["order"]>;

const SORTS: readonly Sort[] = ["created", "email", "name"];
const ORDERS: readonly (Order | undefined)[] = [undefined, "asc", "desc"];
const defaultOrder = (sort: Sort): Order => (sort === "created" ? "desc" : "asc");

// The contract, written here on its own rather than taken from an adapter: a user sorts by their
// creation time, or by their email or name folded (NFKC, then lower case; none as ""), in code
// point order, ties broken by id.
const fold = (value: string | null | undefined) =>
  value == null ? "" : value.normalize("NFKC").toLowerCase();

function byCodePoints(a: string, b: string): number {
  const x = Array.from(a, (char) => char.codePointAt(0)!);
  const y = Array.from(b, (char) => char.codePointAt(0)!);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return x.length - y.length;
}

function compareUsers(sort: Sort, a: AdapterUser, b: AdapterUser): number {
  const byKey =
    sort === "created"
      ? a.createdAt!.getTime() - b.createdAt!.getTime()
      : byCodePoints(fold(sort === "email" ? a.email : a.name), fold(sort === "email" ? b.email : b.name));
  return byKey !== 0 ? byKey : byCodePoints(a.id, b.id);
}

function ordered(users: readonly AdapterUser[], sort: Sort, order: Order): string[] {
  const sign = order === "asc" ? 1 : -1;
  return [...users].sort((a, b) => sign * compareUsers(sort, a, b)).map((user) => user.id);
}

const ids = (users: readonly { id: string }[]) => users.map((user) => user.id);

export function adminUserCases(context: CaseContext, options: { nullableEmail: boolean }): void {
  const { adapter, admin, point } = context;

  /**
   * Every page of a search from its cursor (the first page without), following `next` to the end;
   * each page but the last holds `limit` users.
   */
  async function walk(search: UserSearch): Promise<UserSummary[]> {
    const users: UserSummary[] = [];
    let cursor = search.cursor ?? null;
    let pages = 0;
    do {
      const page = await admin().searchUsers({ ...search, cursor });
      pages++;
      assert.ok(page.users.length <= search.limit, "a page holds at most limit users");
      if (page.next !== null) assert.equal(page.users.length, search.limit, "only the last page is short");
      users.push(...page.users);
      cursor = page.next;
      assert.ok(pages <= 10_000, "next ends");
    } while (cursor !== null);
    return users;
  }

  /**
   * A dozen users under a role of their own (so a search can be confined to them), with names that
   * fold alike (É/é, the ﬁ ligature), none, an emoji (astral), U+FFFD (which UTF-16 order would put
   * after it), an upper-case email, creation times with ties, and with `nullableEmail` none.
   */
  async function seed() {
    const t = tag();
    const role = `role-${t}`;
    const base = Date.UTC(2024, 0, 1);
    const specs: [email: string | null, name: string | null, minute: number, verified: boolean][] = [
      [`ada-${t}@example.test`, `Ada ${t}`, 0, true],
      [`EMILE-${t}@example.test`, `Émile ${t}`, 1, false],
      [`emile2-${t}@example.test`, `émile ${t}`, 1, true],
      [`emile3-${t}@example.test`, `ÉMILE ${t}`, 1, false],
      [`fish-${t}@example.test`, `\uFB01sh ${t}`, 2, true],
      [`fish2-${t}@example.test`, `fish ${t}`, 3, true],
      [`astral-${t}@example.test`, `\u{1F600} ${t}`, 4, false],
      [`bmp-${t}@example.test`, `\uFFFDbmp ${t}`, 5, true],
      [`noname-${t}@example.test`, null, 6, true],
      [`noname2-${t}@example.test`, null, 6, false],
      [`zed-${t}@example.test`, `zed ${t}`, 7, true],
      ...(options.nullableEmail
        ? ([
            [null, `Nomail ${t}`, 8, false],
            [null, null, 8, false],
          ] as typeof specs)
        : []),
    ];
    const users: AdapterUser[] = [];
    for (const [email, name, minute, verified] of specs) {
      const created = await adapter().createUser({
        email: email as string,
        name,
        emailVerified: verified ? new Date(base + 3_600_000) : null,
        createdAt: new Date(base + minute * 60_000),
      });
      users.push((await admin().setUserRole(created.id, role))!);
    }
    return { t, role, users };
  }

  point(
    "searchUsers pages through a role's users under every sort and order: in order, each once",
    async () => {
      const { role, users } = await seed();
      for (const sort of SORTS) {
        for (const order of ORDERS) {
          for (const limit of [1, 4, 100]) {
            const walked = await walk({ role, sort, ...(order && { order }), limit });
            assert.deepEqual(
              ids(walked),
              ordered(users, sort, order ?? defaultOrder(sort)),
              `${sort} ${order} ${limit}`,
            );
          }
        }
      }
    },
  );

  point(
    "a user in the list is the user as stored, with role, createdAt and whether two-factor is on",
    async () => {
      const { role, users } = await seed();
      const walked = await walk({ role, sort: "email", limit: 5 });
      for (const summary of walked) {
        const stored = await adapter().getUser(summary.id);
        assert.deepEqual(summary, { ...stored, twoFactor: false });
      }
      assert.deepEqual(
        walked.map((summary) => summary.role),
        users.map(() => role),
      );
    },
  );

  point(
    "an unfiltered walk under every sort and order shows each user once, in order, mine among them",
    async () => {
      const { users } = await seed();
      for (const sort of SORTS) {
        for (const order of ["asc", "desc"] as const) {
          const walked = await walk({ sort, order, limit: 100 });
          assert.equal(new Set(ids(walked)).size, walked.length, `${sort} ${order}: no user twice`);
          for (let i = 1; i < walked.length; i++) {
            const step = compareUsers(sort, walked[i - 1]!, walked[i]!) * (order === "asc" ? 1 : -1);
            assert.ok(step < 0, `${sort} ${order}: in order at ${i}`);
          }
          const seen = new Set(ids(walked));
          assert.ok(
            users.every((user) => seen.has(user.id)),
            `${sort} ${order}: every user of this case`,
          );
        }
      }
    },
  );

  point(
    "filters: disabled, unverified, two-factor and role, alone and with a role, each either way",
    async () => {
      const { disabledUsers, twoFactor } = context;
      const { role, users } = await seed();
      const [a, b, c, d, e] = users as [AdapterUser, AdapterUser, AdapterUser, AdapterUser, AdapterUser];
      await disabledUsers().setUserDisabled(a.id, new Date(Date.UTC(2025, 0, 1)));
      await disabledUsers().setUserDisabled(d.id, new Date(Date.UTC(2025, 0, 2)));
      for (const user of [b, c, e]) await twoFactor().startTwoFactor(user.id, "gh.enc.sealed");
      // e's enrolment stays pending: two-factor is not on until a first code confirmed it.
      for (const user of [b, c]) await twoFactor().enableTwoFactor(user.id, new Date(Date.UTC(2025, 0, 3)));
      const other = `other-${tag()}`;
      for (const user of [c, e]) await admin().setUserRole(user.id, other);

      const state = new Map<string, UserSummary>();
      for (const user of users) {
        const stored = (await adapter().getUser(user.id))!;
        state.set(user.id, {
          ...stored,
          role: stored.role ?? null,
          createdAt: stored.createdAt ?? null,
          disabledAt: stored.disabledAt ?? null,
          twoFactor: user.id === b.id || user.id === c.id,
        });
      }
      const holds: Record<"disabled" | "unverified" | "twoFactor", (user: UserSummary) => boolean> = {
        disabled: (user) => user.disabledAt !== null,
        unverified: (user) => user.emailVerified === null,
        twoFactor: (user) => user.twoFactor,
      };
      const roleOf = (user: UserSummary) => user.role;
      for (const filter of ["disabled", "unverified", "twoFactor"] as const) {
        for (const value of [true, false]) {
          const label = `${filter}: ${value}`;
          const mine = [...state.values()].filter((user) => holds[filter](user) === value);
          const scoped = await walk({ role, [filter]: value, limit: 3 });
          assert.deepEqual(
            ids(scoped),
            ordered(
              mine.filter((user) => roleOf(user) === role),
              "created",
              "desc",
            ),
            `${label}, with the role`,
          );
          for (const summary of scoped) assert.deepEqual(summary, state.get(summary.id), label);
          // Alone: every user in the storage that matches, and none that does not.
          const alone = await walk({ [filter]: value, sort: "name", limit: 100 });
          assert.ok(
            alone.every((user) => holds[filter](user) === value),
            `${label}: only matching users`,
          );
          const found = new Set(ids(alone));
          assert.deepEqual(
            users.filter((user) => found.has(user.id)).map((user) => user.id),
            ids(mine),
            `${label}: mine that match, all of them`,
          );
        }
      }
      assert.deepEqual(
        ids(await walk({ role: other, sort: "name", limit: 2 })),
        ordered([c, e], "name", "asc"),
      );
      assert.deepEqual(ids(await walk({ role: other, twoFactor: true, disabled: false, limit: 2 })), [c.id]);
      assert.deepEqual(await admin().searchUsers({ role: `nobody-${tag()}`, limit: 10 }), {
        users: [],
        next: null,
      });
    },
  );

  point(
    "search: the start of an email or a name, folded (case, NFKC), or an exact id; trimmed; never inside",
    async () => {
      const { t, role, users } = await seed();
      const [ada, emile, emile2, emile3, fishLigature, fish] = users as AdapterUser[];
      const found = async (q: string, search: Partial<UserSearch> = {}) =>
        ids(await walk({ q, sort: "email", limit: 2, ...search }));
      assert.deepEqual(await found(`ada-${t}`), [ada!.id], "email prefix");
      assert.deepEqual(
        await found(`  ADA-${t}@EXAMPLE.TEST `),
        [ada!.id],
        "the whole email, trimmed, any case",
      );
      assert.deepEqual(await found(`emile-${t}`), [emile!.id], "an upper-case email, found in lower case");
      assert.deepEqual(
        await found(`ÉMILE ${t}`, { sort: "name" }),
        ordered([emile!, emile2!, emile3!], "name", "asc"),
        "a name prefix in any case: ties broken by id",
      );
      assert.deepEqual(
        await found(`émi`, { role, sort: "created" }),
        ordered([emile!, emile2!, emile3!], "created", "desc"),
      );
      assert.deepEqual(
        await found(`FISH ${t}`, { sort: "name", order: "desc" }),
        ordered([fishLigature!, fish!], "name", "desc"),
        "NFKC: the ﬁ ligature is fi",
      );
      assert.deepEqual(await found(`mile ${t}`), [], "not inside a name");
      assert.deepEqual(await found(`${t}@example.test`), [], "not inside an email");
      assert.deepEqual(await found(emile2!.id, { sort: "name" }), [emile2!.id], "an exact id");
      assert.deepEqual(await found(emile2!.id.slice(0, 8), { role }), [], "not the start of an id");
      assert.deepEqual(await found(`ada-${t}`, { role: `other-${tag()}` }), [], "with the other filters");
    },
  );

  point(
    "a misused search is a TypeError: limit, sort, order, filters, search text, a foreign cursor",
    async () => {
      const { role } = await seed();
      const cursorOf = async (search: Omit<UserSearch, "cursor" | "limit">) => {
        const { next } = await admin().searchUsers({ ...search, role, limit: 1 });
        assert.ok(next, "a next page");
        return next;
      };
      const emailAsc = await cursorOf({ sort: "email" });
      const createdDesc = await cursorOf({});
      const bad: [string, UserSearch][] = [
        ...[0, 101, 2.5, Number.NaN, "10"].map((limit): [string, UserSearch] => [
          `limit ${String(limit)}`,
          { limit: limit as number },
        ]),
        ["sort", { limit: 5, sort: "age" as Sort }],
        ["order", { limit: 5, order: "up" as Order }],
        ["disabled", { limit: 5, disabled: "true" as unknown as boolean }],
        ["twoFactor", { limit: 5, twoFactor: 1 as unknown as boolean }],
        ["role", { limit: 5, role: "" }],
        ...["", "   ", "x".repeat(201)].map((q): [string, UserSearch] => [
          `q "${q.slice(0, 5)}"`,
          { limit: 5, q },
        ]),
        ["q not text", { limit: 5, q: 5 as unknown as string }],
        ["garbage cursor", { limit: 5, cursor: "not a cursor!" }],
        ["base64url garbage", { limit: 5, cursor: "bm90IGpzb24" }],
        ["a JSON cursor not handed out", { limit: 5, cursor: "e30" }],
        ["another sort's cursor", { limit: 5, sort: "name", cursor: emailAsc }],
        ["another order's cursor", { limit: 5, sort: "email", order: "desc", cursor: emailAsc }],
        ["created desc's cursor for created asc", { limit: 5, order: "asc", cursor: createdDesc }],
        [
          "a cursor with a character base64url has not",
          { limit: 5, sort: "email", cursor: `${emailAsc.slice(0, -2)}!${emailAsc.slice(-1)}` },
        ],
      ];
      for (const [label, search] of bad) {
        await assert.rejects(async () => admin().searchUsers(search), TypeError, label);
      }
      // The cursor of the same sort and order is taken, with other filters too.
      await admin().searchUsers({ limit: 5, sort: "email", order: "asc", cursor: emailAsc });
      await admin().searchUsers({ limit: 5, sort: "created", cursor: createdDesc, disabled: true });
    },
  );

  point(
    "names too long for a cursor: the cursor stays short, and a walk loses nobody, also one deleted between pages",
    async () => {
      const t = tag();
      const role = `long-${t}`;
      const long = (end: string) => `M ${"é".repeat(400)} ${end}`;
      const made: AdapterUser[] = [];
      for (const name of [`b ${t}`, long("1"), long("2"), long("3"), `z ${t}`]) {
        const user = await adapter().createUser({
          email: `${tag()}-${t}@example.test`,
          name,
          emailVerified: null,
        });
        made.push((await admin().setUserRole(user.id, role))!);
      }
      for (const order of ["asc", "desc"] as const) {
        let cursor: string | null = null;
        do {
          const page = await admin().searchUsers({ role, sort: "name", order, limit: 1, cursor });
          assert.ok(
            (page.next?.length ?? 0) <= 1000,
            `${order}: a cursor of ${page.next?.length} characters`,
          );
          cursor = page.next;
        } while (cursor !== null);
        assert.deepEqual(
          ids(await walk({ role, sort: "name", order, limit: 1 })),
          ordered(made, "name", order),
        );
      }
      // asc: b, 1 | 2, 3 | z — desc: z, 3 | 2, 1 | b. The last of the first page goes before the second.
      for (const [order, gone] of [
        ["asc", made[1]!],
        ["desc", made[3]!],
      ] as const) {
        const first = await admin().searchUsers({ role, sort: "name", order, limit: 2 });
        assert.equal(first.users.at(-1)?.id, gone.id);
        await adapter().deleteUser(gone.id);
        const rest = await walk({ role, sort: "name", order, limit: 2, cursor: first.next });
        const remaining = made.filter((user) => user.id !== gone.id && !ids(first.users).includes(user.id));
        assert.deepEqual(ids(rest), ordered(remaining, "name", order), `${order}: everyone after them`);
        made.splice(made.indexOf(gone), 1);
      }
    },
  );
}
