import assert from "node:assert/strict";
import { once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import { after, before, describe, test } from "node:test";
import {
  Credentials,
  type Gatehouse,
  type GatehouseOptions,
  gatehouse,
  type HandlerInfo,
} from "@gatehouse/core";
import { getSession, getUserId } from "./get-session.ts";
import { requestTarget, requestUrl } from "./lib/request-target.ts";
import { toWebRequest } from "./lib/to-web-request.ts";
import { readResponse, writeAnswer } from "./lib/write-answer.ts";
import { toNodeHandler } from "./to-node-handler.ts";

const SECRET = "node-adapter-secret-node-adapter-secret-0123456789";
const SESSION = "gatehouse.session-token";
const CSRF = "gatehouse.csrf-token";
const ada = { id: "ada", name: "Ada Lovelace", email: "ada@example.test" };

/** What `handler` and `answer` were called with, so a test can see which way a request went. */
interface Calls {
  handler: Request[];
  /** The second argument of each `handler` call. */
  info: (HandlerInfo | undefined)[];
  answer: number;
}

function createAuth(options: Partial<GatehouseOptions> = {}): { auth: Gatehouse; calls: Calls } {
  const auth = gatehouse({
    ...options,
    secret: SECRET,
    providers: [
      Credentials({
        credentials: { username: {}, password: { type: "password" } },
        authorize: (c) => (c.username === "ada" && c.password === "pw" ? ada : null),
      }),
    ],
    logger: { error: () => {}, warn: () => {} },
  });
  const calls: Calls = { handler: [], info: [], answer: 0 };
  const spied: Gatehouse = {
    ...auth,
    handler: (request, info) => {
      calls.handler.push(request);
      calls.info.push(info);
      return auth.handler(request, info);
    },
    answer: (request) => {
      calls.answer += 1;
      return auth.answer(request);
    },
  };
  return { auth: spied, calls };
}

async function listen(server: Server): Promise<string> {
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A parsed HTTP/1.1 answer: every header line kept, in order, names in lower case. */
interface RawAnswer {
  status: number;
  headers: [string, string][];
  body: string;
}

function header(answer: RawAnswer, name: string): string | undefined {
  return answer.headers.find(([n]) => n === name)?.[1];
}

function cookiesOf(answer: RawAnswer): string[] {
  return answer.headers.filter(([n]) => n === "set-cookie").map(([, v]) => v);
}

/**
 * Sends bytes as they are (duplicate headers, odd hosts, lying lengths) and reads the answer;
 * `{host}` in the text becomes the server's host and port.
 */
async function raw(origin: string, text: string): Promise<RawAnswer> {
  // No `new URL` here: a test counts the URLs the server builds, in this process.
  const host = origin.slice("http://".length);
  const [hostname = "", port = ""] = host.split(":");
  const socket = connect(Number(port), hostname);
  const chunks: Buffer[] = [];
  socket.on("data", (chunk: Buffer) => chunks.push(chunk));
  socket.on("error", () => {}); // a reset after the answer, when the server closes on an unread body
  socket.write(text.replaceAll("{host}", host));
  await once(socket, "close");
  return parse(Buffer.concat(chunks).toString("latin1"));
}

function parse(text: string): RawAnswer {
  const end = text.indexOf("\r\n\r\n");
  assert.ok(end > 0, `no complete answer: ${JSON.stringify(text.slice(0, 200))}`);
  const [statusLine = "", ...lines] = text.slice(0, end).split("\r\n");
  const headers = lines.map((line): [string, string] => {
    const colon = line.indexOf(":");
    return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
  });
  const body = text.slice(end + 4);
  const chunked = headers.some(([name, value]) => name === "transfer-encoding" && value === "chunked");
  return { status: Number(statusLine.split(" ")[1]), headers, body: chunked ? unchunk(body) : body };
}

function unchunk(body: string): string {
  let out = "";
  for (let at = 0; ; ) {
    const lineEnd = body.indexOf("\r\n", at);
    const size = Number.parseInt(body.slice(at, lineEnd), 16);
    if (!(size > 0)) return out;
    out += body.slice(lineEnd + 2, lineEnd + 2 + size);
    at = lineEnd + 2 + size + 2;
  }
}

function get(path: string, headers: string[] = [], host = "{host}"): string {
  return [`GET ${path} HTTP/1.1`, `Host: ${host}`, ...headers, "Connection: close", "", ""].join("\r\n");
}

function post(path: string, body: string, headers: string[]): string {
  return [
    `POST ${path} HTTP/1.1`,
    "Host: {host}",
    `Content-Length: ${Buffer.byteLength(body)}`,
    ...headers,
    "Connection: close",
    "",
    body,
  ].join("\r\n");
}

/** `name=value` of every cookie an answer sets (not clears), as a Cookie header value. */
function jar(...answers: RawAnswer[]): string {
  const values = new Map<string, string>();
  for (const answer of answers) {
    for (const line of cookiesOf(answer)) {
      const pair = line.split(";", 1)[0] ?? "";
      const eq = pair.indexOf("=");
      if (/max-age=0/i.test(line)) values.delete(pair.slice(0, eq));
      else values.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  }
  return [...values].map(([name, value]) => `${name}=${value}`).join("; ");
}

describe("toNodeHandler on a real node:http server", () => {
  const { auth, calls } = createAuth();
  const server = createServer(toNodeHandler(auth));
  let origin = "";
  before(async () => {
    origin = await listen(server);
  });
  after(() => {
    server.closeAllConnections();
    server.close();
  });

  /** A CSRF token; with `cookie`, the one of the CSRF cookie the browser already holds. */
  async function csrf(cookie?: string): Promise<{ cookie: string; token: string }> {
    const answer = await raw(origin, get("/api/auth/csrf", cookie ? [`Cookie: ${cookie}`] : []));
    return { cookie: jar(answer), token: (JSON.parse(answer.body) as { csrfToken: string }).csrfToken };
  }

  async function signIn(): Promise<string> {
    const { cookie, token } = await csrf();
    const body = new URLSearchParams({ csrfToken: token, username: "ada", password: "pw" }).toString();
    const answer = await raw(
      origin,
      post("/api/auth/callback/credentials", body, [
        "Content-Type: application/x-www-form-urlencoded",
        `Cookie: ${cookie}`,
      ]),
    );
    assert.equal(answer.status, 302);
    return jar({ ...answer, headers: [["set-cookie", cookie], ...answer.headers] });
  }

  test("credentials sign-in (form), GET session, sign-out", async () => {
    const cookie = await signIn();
    assert.match(cookie, new RegExp(`${SESSION}=`));

    const before = calls.handler.length;
    const session = await raw(origin, get("/api/auth/session", [`Cookie: ${cookie}`]));
    assert.equal(session.status, 200);
    assert.equal(header(session, "content-type"), "application/json");
    assert.equal(header(session, "cache-control"), "private, no-cache, no-store");
    assert.equal(header(session, "content-length"), String(Buffer.byteLength(session.body)));
    assert.equal(header(session, "transfer-encoding"), undefined);
    assert.deepEqual((JSON.parse(session.body) as { user: unknown }).user, {
      name: ada.name,
      email: ada.email,
    });
    assert.equal(calls.handler.length, before, "GET session does not go through handler");

    const { token } = await csrf(cookie);
    const out = await raw(
      origin,
      post("/api/auth/signout", new URLSearchParams({ csrfToken: token }).toString(), [
        "Content-Type: application/x-www-form-urlencoded",
        `Cookie: ${cookie}`,
      ]),
    );
    assert.equal(out.status, 302);
    assert.ok(cookiesOf(out).some((line) => line.startsWith(`${SESSION}=;`) && /Max-Age=0/.test(line)));
  });

  test("a JSON body: sign-in answered as {url}", async () => {
    const { cookie, token } = await csrf();
    const body = JSON.stringify({ csrfToken: token, username: "ada", password: "pw", json: true });
    const answer = await raw(
      origin,
      post("/api/auth/callback/credentials", body, ["Content-Type: application/json", `Cookie: ${cookie}`]),
    );
    assert.equal(answer.status, 200);
    assert.deepEqual(JSON.parse(answer.body), { url: `${origin}/` });
    assert.ok(cookiesOf(answer).some((line) => line.startsWith(`${SESSION}=`)));
  });

  test("every cookie is its own Set-Cookie line", async () => {
    const { cookie, token } = await csrf();
    const body = new URLSearchParams({
      csrfToken: token,
      username: "ada",
      password: "pw",
      callbackUrl: `${origin}/dashboard`,
    }).toString();
    const answer = await raw(
      origin,
      post("/api/auth/callback/credentials", body, [
        "Content-Type: application/x-www-form-urlencoded",
        `Cookie: ${cookie}`,
      ]),
    );
    const names = cookiesOf(answer).map((line) => line.slice(0, line.indexOf("=")));
    assert.deepEqual(names.sort(), ["gatehouse.callback-url", SESSION]);
    for (const line of cookiesOf(answer))
      assert.doesNotMatch(line, /, gatehouse\./, "never folded into one line");
  });

  test("bodies past 64 KiB are refused: declared, and streamed without a length", async () => {
    const { cookie, token } = await csrf();
    const big = `csrfToken=${token}&username=${"a".repeat(70 * 1024)}`;
    const declared = await raw(
      origin,
      post("/api/auth/callback/credentials", big, [
        "Content-Type: application/x-www-form-urlencoded",
        `Cookie: ${cookie}`,
      ]),
    );
    assert.equal(declared.status, 400);
    assert.equal(JSON.parse(declared.body).error, "BodyTooLarge");
    assert.equal(header(declared, "connection"), "close", "the rest of a large body is never read");

    // Chunked, no Content-Length, and more than the limit: read up to the limit, then refused.
    const chunk = "a".repeat(16 * 1024);
    const chunks = Array.from({ length: 8 }, () => `${chunk.length.toString(16)}\r\n${chunk}\r\n`).join("");
    const streamed = await raw(
      origin,
      [
        "POST /api/auth/callback/credentials HTTP/1.1",
        "Host: {host}",
        "Content-Type: application/x-www-form-urlencoded",
        "Transfer-Encoding: chunked",
        `Cookie: ${cookie}`,
        "",
        `${chunks}0\r\n\r\n`,
      ].join("\r\n"),
    );
    assert.equal(streamed.status, 400);
    assert.equal(JSON.parse(streamed.body).error, "BodyTooLarge");

    // Just under the limit is read (and then refused for its missing CSRF token, not its size).
    const under = await raw(
      origin,
      post("/api/auth/callback/credentials", `username=${"a".repeat(60 * 1024)}`, [
        "Content-Type: application/x-www-form-urlencoded",
        `Cookie: ${cookie}`,
      ]),
    );
    assert.equal(under.status, 302);
  });

  // Issue 22, item 11: JSON 20,000 arrays deep (40 KB, under the size limit) answered 500.
  test("a JSON body nested 20,000 deep, or a form of 20,000 fields: 400 with a catalogue code", async () => {
    const { cookie, token } = await csrf();
    const deep = `${"[".repeat(20_000)}${"]".repeat(20_000)}`;
    for (const [body, type, code] of [
      [`{"csrfToken":"${token}","data":${deep}}`, "application/json", "InvalidBody"],
      [`csrfToken=${token}${"&a=".repeat(20_000)}`, "application/x-www-form-urlencoded", "BodyTooLarge"],
    ] as const) {
      const answer = await raw(
        origin,
        post("/api/auth/session", body, [`Content-Type: ${type}`, `Cookie: ${cookie}`]),
      );
      assert.equal(answer.status, 400);
      assert.equal(JSON.parse(answer.body).error, code);
    }
  });

  test("a refused body that has arrived whole does not cost the connection", async () => {
    const { hostname, port } = new URL(origin);
    const socket = connect(Number(port), hostname);
    const text: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => text.push(chunk));
    const first = post("/api/auth/callback/credentials", "not a form", ["Content-Type: text/plain"]).replace(
      "Connection: close\r\n",
      "",
    );
    socket.write((first + get("/api/auth/providers")).replaceAll("{host}", `127.0.0.1:${port}`));
    await once(socket, "close");
    const all = Buffer.concat(text).toString("latin1");
    assert.equal(all.match(/HTTP\/1\.1 \d{3} /g)?.length, 2, "both requests answered on one connection");
    assert.match(all, /"InvalidContentType"/);
    assert.match(all, /"credentials"/);
  });

  test("requests outside the base path: 404, or next() as middleware", async () => {
    const missing = await raw(origin, get("/elsewhere"));
    assert.equal(missing.status, 404);
    assert.equal((await raw(origin, get("/api/authx/session"))).status, 404);
    assert.equal((await raw(origin, get("/api/auth"))).status, 404);

    const handler = toNodeHandler(auth);
    const passed: string[] = [];
    const app = createServer((req: IncomingMessage, res: ServerResponse) =>
      handler(req, res, () => {
        passed.push(req.url ?? "");
        res.writeHead(200, { "content-type": "text/plain" }).end("the app");
      }),
    );
    const appOrigin = await listen(app);
    try {
      const answer = await raw(appOrigin, get("/elsewhere?x=1"));
      assert.equal(answer.body, "the app");
      assert.deepEqual(passed, ["/elsewhere?x=1"]);
      assert.equal((await raw(appOrigin, get("/api/auth/providers"))).status, 200);
      assert.deepEqual(passed, ["/elsewhere?x=1"]);
    } finally {
      app.closeAllConnections();
      app.close();
    }
  });

  test("a client that disconnects mid-body: the request is aborted and the server carries on", async () => {
    const { hostname, port } = new URL(origin);
    const socket = connect(Number(port), hostname);
    socket.write(
      [
        "POST /api/auth/callback/credentials HTTP/1.1",
        "Host: {host}",
        "Content-Type: application/x-www-form-urlencoded",
        "Content-Length: 10000",
        "",
        "username=ada&password=",
      ].join("\r\n"),
    );
    const seen = calls.handler.length;
    while (calls.handler.length === seen) await new Promise((resolve) => setImmediate(resolve));
    const request = calls.handler.at(-1)!;
    socket.destroy();
    await once(request.signal, "abort");
    assert.ok(request.signal.aborted);
    assert.equal((await raw(origin, get("/api/auth/providers"))).status, 200, "still serving");
  });

  test("the URL: Host header, query, a target that looks like another host", async () => {
    const providers = await raw(origin, get("/api/auth/providers", [], "app.example:8080"));
    assert.match(providers.body, /http:\/\/app\.example:8080\/api\/auth\/signin\/credentials/);
    const before = calls.handler.length;
    await raw(origin, get("/api/auth/providers?x=1"));
    assert.equal(calls.handler.at(-1)?.url, `${origin}/api/auth/providers?x=1`);
    await raw(origin, get("//evil.example/api/auth/providers"));
    assert.equal(calls.handler.length, before + 1, "//evil.example/… is not below the base path");
    const bad = await raw(origin, get("/api/auth/providers", [], "bad host"));
    assert.equal(bad.status, 400);
  });

  test("getSession and getUserId from an IncomingMessage", async () => {
    const cookie = await signIn();
    const reads = createServer(async (req, res) => {
      const [session, userId] = await Promise.all([getSession(auth, req), getUserId(auth, req)]);
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ session, userId }));
    });
    const readsOrigin = await listen(reads);
    try {
      const signedIn = JSON.parse((await raw(readsOrigin, get("/page", [`Cookie: ${cookie}`]))).body);
      assert.equal(signedIn.userId, "ada");
      assert.equal(signedIn.session.user.email, ada.email);
      const signedOut = JSON.parse((await raw(readsOrigin, get("/page"))).body);
      assert.deepEqual(signedOut, { session: null, userId: null });
    } finally {
      reads.closeAllConnections();
      reads.close();
    }
  });
});

// Issue 13: the integrations passed no client address to core, so per-address rate limits never applied.
describe("the client address: the socket peer reaches core's rate limits", () => {
  const { auth, calls } = createAuth({
    rateLimit: { rules: { credentials: { ip: { limit: 2, windowMs: 60_000 } } } },
  });
  const server = createServer(toNodeHandler(auth));
  let origin = "";
  before(async () => {
    origin = await listen(server);
  });
  after(() => {
    server.closeAllConnections();
    server.close();
  });

  test("the third sign-in from 127.0.0.1 is refused (303 to the rate-limit page, Retry-After), whatever X-Forwarded-For says", async () => {
    const csrf = await raw(origin, get("/api/auth/csrf"));
    const token = (JSON.parse(csrf.body) as { csrfToken: string }).csrfToken;
    const signIn = (forwardedFor?: string) =>
      raw(
        origin,
        post("/api/auth/callback/credentials", `csrfToken=${token}&username=ada&password=pw`, [
          "Content-Type: application/x-www-form-urlencoded",
          `Cookie: ${jar(csrf)}`,
          ...(forwardedFor ? [`X-Forwarded-For: ${forwardedFor}`] : []),
        ]),
      );
    assert.equal((await signIn()).status, 302);
    assert.equal((await signIn("198.51.100.1")).status, 302);
    assert.equal(calls.info.at(-1)?.clientAddress, "127.0.0.1", "handler gets the socket peer");
    const refused = await signIn();
    // A browser's refused form POST is redirected to the rate-limit page (a reload posts nothing).
    assert.equal(refused.status, 303);
    assert.match(header(refused, "location") ?? "", /\/api\/auth\/error\?error=RateLimited&/);
    assert.match(header(refused, "retry-after") ?? "", /^[1-9]\d*$/);
    // Without rateLimit.trustedProxies the header is anyone's to send: a fresh one is no fresh client.
    for (const forwardedFor of ["203.0.113.7", "203.0.113.8, 10.0.0.1"]) {
      assert.equal((await signIn(forwardedFor)).status, 303, forwardedFor);
    }
  });
});

describe("GET session: the fast path and the Web path answer alike", () => {
  const { auth, calls } = createAuth();
  const fast = createServer(toNodeHandler(auth));
  // The generic path alone, for every request: Request in, Response out.
  const web = createServer((req, res) => {
    const url = requestUrl(req, requestTarget(req));
    const { request } = toWebRequest(req, url, new AbortController().signal);
    auth
      .handler(request)
      .then(readResponse)
      .then((answer) => writeAnswer(res, answer));
  });
  const origins = { fast: "", web: "" };
  before(async () => {
    origins.fast = await listen(fast);
    origins.web = await listen(web);
  });
  after(() => {
    for (const server of [fast, web]) {
      server.closeAllConnections();
      server.close();
    }
  });

  test("the same status, headers, cookies and body", async () => {
    const csrfAnswer = await raw(origins.web, get("/api/auth/csrf"));
    const csrfCookie = jar(csrfAnswer);
    const { token } = { token: (JSON.parse(csrfAnswer.body) as { csrfToken: string }).csrfToken };
    const signedIn = await raw(
      origins.web,
      post("/api/auth/callback/credentials", `csrfToken=${token}&username=ada&password=pw`, [
        "Content-Type: application/x-www-form-urlencoded",
        `Cookie: ${csrfCookie}`,
      ]),
    );
    const cookie = jar({ ...signedIn, headers: [["set-cookie", csrfCookie], ...signedIn.headers] });
    const sessionToken = /gatehouse\.session-token=([^;]+)/.exec(cookie)?.[1] ?? "";
    const cases: string[][] = [
      [`Cookie: ${cookie}`],
      [`Cookie: ${csrfCookie}`, `Cookie: ${SESSION}=${sessionToken}`], // two Cookie fields, joined with "; "
      [`cookie: ${cookie}`, "X-Auth-Return-Redirect: 1"],
      [`Cookie: ${csrfCookie}; ${SESSION}=${sessionToken.slice(0, -3)}AAA`], // tampered: cleared
      [`Cookie: ${csrfCookie}`, `Authorization: Bearer ${sessionToken}`], // bearer
      [
        `Cookie: ${csrfCookie}`,
        `Authorization: Bearer ${sessionToken}`,
        `Authorization: Bearer ${sessionToken}`,
      ],
      [`Cookie: ${csrfCookie}`, "Authorization: Basic YTpi"],
    ];
    const answerCalls = calls.answer;
    for (const headers of cases) {
      for (const path of ["/api/auth/session", "/api/auth/session?x=1"]) {
        const expected = await raw(origins.web, get(path, headers));
        const actual = await raw(origins.fast, get(path, headers));
        const comparable = (a: RawAnswer) => ({
          status: a.status,
          headers: a.headers.filter(([name]) => name !== "date" && name !== "set-cookie").sort(),
          cookies: cookiesOf(a).sort(),
          body: a.body,
        });
        assert.deepEqual(comparable(actual), comparable(expected), headers.join(" | "));
      }
    }
    assert.equal(calls.answer - answerCalls, cases.length * 2, "every one went the fast way");
    // The cases above do answer differently from one another.
    const bearer = await raw(origins.fast, get("/api/auth/session", cases[4]));
    assert.match(bearer.body, /Ada Lovelace/);
    const twice = await raw(origins.fast, get("/api/auth/session", cases[5]));
    assert.equal(twice.body, "{}");
    const tampered = await raw(origins.fast, get("/api/auth/session", cases[3]));
    assert.ok(cookiesOf(tampered).some((line) => line.startsWith(`${SESSION}=;`)));
    assert.ok(CSRF);
  });

  test("the fast path builds no Request, Headers, URL or Response", async () => {
    const built: string[] = [];
    const globals = globalThis as unknown as Record<string, unknown>;
    const originals = new Map<string, unknown>();
    for (const name of ["Request", "Headers", "URL", "Response"]) {
      const Original = globals[name] as new (...args: unknown[]) => object;
      originals.set(name, Original);
      globals[name] = class extends Original {
        constructor(...args: unknown[]) {
          super(...args);
          built.push(name);
        }
      };
    }
    try {
      const answer = await raw(origins.fast, get("/api/auth/session", [`Cookie: ${CSRF}=x`]));
      assert.equal(answer.status, 200);
    } finally {
      for (const [name, value] of originals) globals[name] = value;
    }
    assert.deepEqual(built, []);
  });
});
