import assert from "node:assert/strict";
import { after, describe, test } from "node:test";
import { SMTP_TIMEOUTS, smtpSender } from "@gatehouse/smtp";
import { createMemoryAdapter } from "../src/adapter/memory-adapter.ts";
import { Email, type GatehouseOptions, gatehouse, type VerificationRequest } from "../src/index.ts";
import { startFaultySmtpServer } from "./support/faulty-smtp-server.ts";
import {
  APP,
  BASE,
  errorOf,
  people,
  recordingLogger,
  SECRET,
  sessionOf,
  sessionTokenSet,
  signIn,
  TestBrowser,
} from "./support/flows.ts";

// Issue 22, item 10: with a mail server that hangs, email sign-in answered after 30 s (no greeting)
// or never (no answer to the message). Each fault below is a real SMTP server on a socket; the person
// must get the EmailSignin page within ~10 s, and nobody else may wait meanwhile.

/** The bound the issue sets for the person's answer, with room for a loaded machine. */
const ANSWER_WITHIN_MS = 10_000 + 2_000;
/** How long another user's GET session may take while a send hangs: at once, give or take a busy machine. */
const PROMPT_MS = 1_500;

const ada = { id: "ada", name: "Ada", email: "ada@example.test" };

/** An app with email sign-in through `send`, and a credentials provider for another user's session. */
function app(send: (request: VerificationRequest) => Promise<void>, options: Partial<GatehouseOptions> = {}) {
  const logger = recordingLogger();
  const auth = gatehouse({
    secret: SECRET,
    url: `${APP}/api/auth`,
    adapter: createMemoryAdapter(),
    session: { strategy: "jwt" },
    providers: [Email({ sendVerificationRequest: send }), people({ ada })],
    logger,
    ...options,
  });
  return { handler: auth.handler, logger };
}

function smtpAt(port: number) {
  const server = { host: "127.0.0.1", port, secure: false, ignoreTLS: true };
  return smtpSender({ server, from: "no-reply@example.test" });
}

/**
 * Asks for a sign-in link while another signed-in user polls GET session; resolves to the answer,
 * how long it took, and the slowest of the other user's answers meanwhile.
 */
async function askWhileOthersRead(handler: (request: Request) => Promise<Response>) {
  const other = new TestBrowser(handler);
  assert.ok(sessionTokenSet(await signIn(other, "ada")));
  const person = new TestBrowser(handler);
  const csrfToken = await person.csrf();
  const started = Date.now();
  let settled = false;
  const asked = person
    .request("/api/auth/signin/email", {
      form: { csrfToken, email: "grace@example.test", callbackUrl: `${APP}/welcome` },
    })
    .finally(() => {
      settled = true;
    });
  let slowest = 0;
  let reads = 0;
  while (!settled) {
    const at = Date.now();
    assert.equal((await sessionOf(other)).user?.email, ada.email, "the other user stays signed in");
    slowest = Math.max(slowest, Date.now() - at);
    reads++;
    await Promise.race([asked, new Promise((resolve) => setTimeout(resolve, 200))]);
  }
  const response = await asked;
  return { person, response, tookMs: Date.now() - started, slowest, reads };
}

/** The page the person lands on: the sign-in page, saying the email could not be sent. */
async function assertEmailSigninPage(person: TestBrowser, response: Response): Promise<void> {
  assert.equal(response.status, 302);
  assert.equal(errorOf(response), "EmailSignin");
  const location = new URL(response.headers.get("location")!);
  const page = await person.request(`${location.pathname}${location.search}`);
  assert.equal(page.status, 200);
  assert.match(await page.text(), /The email could not be sent\./);
}

describe("email sign-in with a mail server that hangs answers EmailSignin within ~10 s", () => {
  const servers: { close(): Promise<void> }[] = [];
  after(() => Promise.all(servers.map((server) => server.close())));

  test("a server that accepts the connection and never greets", async () => {
    const smtp = await startFaultySmtpServer("silent");
    servers.push(smtp);
    const { handler, logger } = app(smtpAt(smtp.port));
    const { person, response, tookMs, slowest, reads } = await askWhileOthersRead(handler);
    await assertEmailSigninPage(person, response);
    assert.ok(tookMs < ANSWER_WITHIN_MS, `answered after ${tookMs} ms`);
    assert.ok(tookMs >= SMTP_TIMEOUTS.connectionTimeout - 100, "by the SMTP time-out, not sooner");
    assert.ok(reads >= 3 && slowest < PROMPT_MS, `another user's GET session took up to ${slowest} ms`);
    assert.equal(smtp.connections, 1);
    assert.deepEqual(logger.lines, ["error EmailSignin Error: Greeting never received"]);
  });

  test("a server that greets, takes the message and never answers its final dot", async () => {
    const smtp = await startFaultySmtpServer("stall-in-data");
    servers.push(smtp);
    const { handler, logger } = app(smtpAt(smtp.port));
    const { person, response, tookMs, slowest, reads } = await askWhileOthersRead(handler);
    await assertEmailSigninPage(person, response);
    assert.ok(tookMs < ANSWER_WITHIN_MS, `answered after ${tookMs} ms`);
    assert.ok(reads >= 3 && slowest < PROMPT_MS, `another user's GET session took up to ${slowest} ms`);
    assert.equal(smtp.delivered, 0);
    assert.deepEqual(logger.lines, ["error EmailSignin Error: Timeout"]);
  });

  test("a slow server that finishes: the mail goes and the person is sent to check their email", async () => {
    const smtp = await startFaultySmtpServer("slow", 400);
    servers.push(smtp);
    const { handler, logger } = app(smtpAt(smtp.port));
    const { response, tookMs, slowest } = await askWhileOthersRead(handler);
    assert.equal(response.status, 302);
    assert.equal(
      response.headers.get("location"),
      `${BASE}/verify-request?provider=email&type=email&email=grace%40example.test`,
    );
    assert.ok(tookMs < ANSWER_WITHIN_MS, `answered after ${tookMs} ms`);
    assert.ok(slowest < PROMPT_MS, `another user's GET session took up to ${slowest} ms`);
    assert.equal(smtp.delivered, 1);
    assert.deepEqual(logger.lines, []);
  });

  test("an app's own sender that never settles is cut off at mailTimeout; its late failure is logged", async () => {
    let fail: (error: Error) => void = () => {};
    const hanging = () =>
      new Promise<void>((_, reject) => {
        fail = reject;
      });
    const { handler, logger } = app(hanging, { mailTimeout: 1500 });
    const { person, response, tookMs, slowest, reads } = await askWhileOthersRead(handler);
    await assertEmailSigninPage(person, response);
    assert.ok(tookMs >= 1400 && tookMs < 1500 + 2000, `answered after ${tookMs} ms`);
    assert.ok(reads >= 2 && slowest < PROMPT_MS, `another user's GET session took up to ${slowest} ms`);
    assert.deepEqual(logger.lines, ["error EmailSignin TimeoutError: no answer within 1500 ms"]);
    fail(new Error("connection reset"));
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(logger.lines.slice(1), [
      "error EmailSignin after the deadline: Error: connection reset",
    ]);
  });

  test("mailTimeout must be a positive number of milliseconds", () => {
    for (const mailTimeout of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      assert.throws(() => app(async () => {}, { mailTimeout }), /mailTimeout is in milliseconds/);
    }
  });
});
