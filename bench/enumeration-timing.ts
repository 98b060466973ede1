/**
 * Account enumeration by timing: for each answer that must not tell whether an address has an
 * account (password sign-in, sign-up, forgot-password), the time of the answer for an address with
 * an account and for one without, interleaved, on SQLite through the real handler. Prints medians
 * and the spread; the verdict is a person's to read (no assertion: timing is never a test here).
 *
 *   node bench/enumeration-timing.ts [rounds]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gatehouse, hashPassword, Password } from "@gatehouse/core";
import { createSqliteAdapter, migrate } from "@gatehouse/sql";

const rounds = Number(process.argv[2] ?? 200);
const dir = mkdtempSync(join(tmpdir(), "gatehouse-enum-"));
const adapter = createSqliteAdapter(join(dir, "enum.db"));
await migrate(adapter.db);
const known = "known@example.test";
const user = await adapter.createUser({ email: known, emailVerified: new Date(), name: null, image: null });
await adapter.setPasswordHash(user.id, await hashPassword("the right password"));

const auth = gatehouse({
  secret: "enumeration-timing-secret-0123456789abcdef",
  url: "http://localhost:3000/api/auth",
  adapter,
  providers: [Password({ sendMail: async () => {} })],
  rateLimit: false,
});

// One CSRF token and cookie for every request.
const csrf = await auth.handler(new Request("http://localhost:3000/api/auth/csrf"));
const cookie = csrf.headers.getSetCookie()[0]!.split(";")[0]!;
const { csrfToken } = (await csrf.json()) as { csrfToken: string };

async function timed(path: string, form: Record<string, string>): Promise<number> {
  const started = performance.now();
  const response = await auth.handler(
    new Request(`http://localhost:3000/api/auth/${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie },
      body: new URLSearchParams({ csrfToken, ...form }),
    }),
  );
  await response.arrayBuffer();
  return performance.now() - started;
}

const cases: [string, (exists: boolean, i: number) => Promise<number>][] = [
  [
    "password sign-in, wrong password",
    (exists, i) =>
      timed("callback/password", {
        email: exists ? known : `nobody${i}@example.test`,
        password: "a wrong password",
      }),
  ],
  [
    "sign-up",
    (exists, i) =>
      timed("signup", { email: exists ? known : `new${i}@example.test`, password: "a good new passphrase" }),
  ],
  [
    "forgot-password",
    (exists, i) => timed("forgot-password", { email: exists ? known : `nobody${i}@example.test` }),
  ],
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const p90 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.9)]!;

console.log(`rounds ${rounds}, SQLite, Node ${process.version}`);
console.log("case | with account: median (p90) ms | without: median (p90) ms | difference of medians");
for (const [name, run] of cases) {
  const withAccount: number[] = [];
  const without: number[] = [];
  for (let i = 0; i < 10; i++) await run(i % 2 === 0, -i - 1); // warm-up
  for (let i = 0; i < rounds; i++) {
    // Interleaved, so drift (GC, CPU frequency) falls on both alike.
    if (i % 2 === 0) {
      withAccount.push(await run(true, i));
      without.push(await run(false, i));
    } else {
      without.push(await run(false, i));
      withAccount.push(await run(true, i));
    }
  }
  const a = median(withAccount);
  const b = median(without);
  console.log(
    `${name} | ${a.toFixed(2)} (${p90(withAccount).toFixed(2)}) | ${b.toFixed(2)} (${p90(without).toFixed(2)}) | ${(a - b).toFixed(2)} ms (${(((a - b) / b) * 100).toFixed(1)} %)`,
  );
}
await adapter.close();
rmSync(dir, { recursive: true, force: true });
