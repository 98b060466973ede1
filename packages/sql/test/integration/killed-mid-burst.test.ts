/**
 * Issue 22, item 8: a process killed mid-burst left database sessions without their session
 * records. Sign-in wrote the gh_sessions row, then its record, in two statements; a SIGKILL between
 * them left a session the account console never listed and no single revocation reached. The row
 * and its record are now one transaction (`createSessionRecord`): a kill leaves both or neither.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { after, before, describe, test } from "node:test";
import { databasesFor, type TestDatabase } from "./databases.ts";

const BURST = new URL("./sign-in-burst.ts", import.meta.url).pathname;
/** Sign-ins the burst the test kills does first: well under way, every lane past its first. */
const SIGN_INS_BEFORE_KILL = 40;
/** The session row after which the other burst kills itself: mid-burst, other lanes in flight. */
const KILLED_AFTER_SESSION_INSERT = 30;

type Kill =
  /** The test kills the burst once it has done this many sign-ins: at whatever step each lane is. */
  | { afterSignIns: number }
  /** The burst kills itself once the database has answered its nth session row insert. */
  | { afterSessionInsert: number };

/** Runs the burst on `url` in a child process until it is SIGKILLed as `kill` says. */
async function burst(url: string, kill: Kill): Promise<void> {
  const args = "afterSessionInsert" in kill ? [String(kill.afterSessionInsert)] : [];
  const child = spawn(process.execPath, ["--conditions=gatehouse-source", BURST, url, ...args], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  let done = 0;
  child.stdout.on("data", (chunk: Buffer) => {
    done += chunk.length; // one "." per sign-in
    if ("afterSignIns" in kill && done >= kill.afterSignIns) child.kill("SIGKILL");
  });
  const [code, signal] = (await once(child, "exit")) as [number | null, NodeJS.Signals | null];
  assert.equal(signal, "SIGKILL", `the burst stopped by itself (exit ${code}): ${stderr}`);
}

for (const kind of await databasesFor("killed mid-burst")) {
  describe(`a burst of database-session sign-ins killed mid-way on ${kind.name}`, () => {
    let db: TestDatabase;
    before(async () => {
      db = await kind.open();
    });
    after(() => db.close());

    test("SIGKILL mid-burst leaves no session without its record: every one listed, every one revocable", async () => {
      // Two processes at once: one killed at a random moment, one at the worst (the database has
      // just answered a session row's insert) — what two separate writes could not survive.
      await Promise.all([
        burst(db.url, { afterSignIns: SIGN_INS_BEFORE_KILL }),
        burst(db.url, { afterSessionInsert: KILLED_AFTER_SESSION_INSERT }),
      ]);

      const { kysely } = db.adapter.db;
      const sessions = await db.count("gh_sessions");
      assert.ok(sessions >= SIGN_INS_BEFORE_KILL, `the bursts signed in (${sessions} sessions)`);
      const unrecorded = await kysely
        .selectFrom("gh_sessions as s")
        .select("s.session_token_hash")
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom("gh_session_records as r")
                .select("r.id")
                .whereRef("r.session_token_hash", "=", "s.session_token_hash"),
            ),
          ),
        )
        .execute();
      assert.equal(unrecorded.length, 0, "every gh_sessions row has its session record");

      // What the person sees and can do: the console lists every session, and signing out
      // everywhere leaves none.
      const ada = await db.adapter.getUserByEmail("ada@example.test");
      assert.ok(ada);
      const listed = await db.adapter.listSessionRecords(ada.id, new Date());
      assert.equal(listed.length, sessions, "the account console lists every session");
      assert.equal(await db.adapter.deleteSessionRecords(ada.id, null), sessions);
      assert.equal(await db.count("gh_sessions"), 0, "signing out everywhere ends every session");
    });
  });
}
