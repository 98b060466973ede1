// A small, honest stand-in for the Gatehouse endpoint (docs/protocol.md §1–§5, §8 credentials, §10),
// served over real HTTP so the client is tested through fetch, headers and cookies.
// It will be replaced by the real handler from packages/core once that is ready.
// Left out because no client request depends on them: JWE sessions, sliding expiry (§6), cookie
// chunking, the OAuth return, email sign-in, and the HTML pages (stubs only).
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  method: string;
  path: string;
  search: string;
  headers: IncomingMessage["headers"];
  /** Parsed POST body (form or JSON), or null. */
  body: Record<string, unknown> | null;
}

/** A canned answer that replaces the real one, for failure tests. */
export interface Fault {
  status: number;
  contentType: string;
  body: string;
}

export interface ProtocolServer {
  origin: string;
  /** `origin` + base path. */
  base: string;
  requests: RecordedRequest[];
  /** `"GET session"` → canned answer. */
  faults: Map<string, Fault>;
  close(): Promise<void>;
}

interface StoredSession {
  user: { name: string; email: string; image: string | null };
  expires: number;
}

const PREFIX = "gatehouse";
const CSRF_COOKIE = `${PREFIX}.csrf-token`;
const SESSION_COOKIE = `${PREFIX}.session-token`;
const CALLBACK_COOKIE = `${PREFIX}.callback-url`;
const MAX_AGE = 30 * 24 * 60 * 60;
const BODY_LIMIT = 64 * 1024;
const NO_STORE = { "Cache-Control": "private, no-cache, no-store" };
const ALLOWED: Record<string, string> = {
  providers: "GET",
  session: "GET, POST",
  csrf: "GET",
  signin: "GET, POST",
  signout: "GET, POST",
  callback: "GET, POST",
  "verify-request": "GET",
  error: "GET",
};

export const USERS: Record<string, { password: string; name: string; email: string }> = {
  alice: { password: "secret", name: "Alice", email: "alice@example.com" },
};

export async function startProtocolServer(basePath = "/api/auth"): Promise<ProtocolServer> {
  const secret = randomBytes(32);
  const sessions = new Map<string, StoredSession>(); // sha256(token) → session (§9: only the hash is stored)
  const requests: RecordedRequest[] = [];
  const faults = new Map<string, Fault>();
  const server = createServer((req, res) => {
    handle(req, res).catch(() => send(res, 500, { error: "Configuration" }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const base = origin + basePath;

  const mac = (token: string) => createHmac("sha256", secret).update(token).digest("hex");
  const hash = (token: string) => createHash("sha256").update(token).digest("hex");
  const cookie = (name: string, value: string, maxAge?: number) =>
    `${name}=${value}; Path=/; HttpOnly; SameSite=Lax${maxAge === undefined ? "" : `; Max-Age=${maxAge}`}`;

  function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    res.writeHead(status, { "Content-Type": "application/json", ...headers });
    res.end(JSON.stringify(body));
  }

  function readCookies(req: IncomingMessage): Map<string, string> {
    const jar = new Map<string, string>();
    for (const part of (req.headers.cookie ?? "").split(";")) {
      const eq = part.indexOf("=");
      if (eq > 0) jar.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
    }
    return jar;
  }

  // §4: only same-origin http(s) URLs are followed; everything else falls back to ORIGIN.
  function safeCallback(candidate: unknown): string {
    if (typeof candidate !== "string") return origin;
    try {
      const url = new URL(candidate, origin);
      return (url.protocol === "http:" || url.protocol === "https:") && url.origin === origin
        ? url.href
        : origin;
    } catch {
      return origin;
    }
  }

  async function readBody(req: IncomingMessage): Promise<Record<string, unknown> | null> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > BODY_LIMIT) return null;
      chunks.push(chunk);
    }
    const text = Buffer.concat(chunks).toString("utf8");
    const type = (req.headers["content-type"] ?? "").split(";")[0]?.trim();
    if (type === "application/x-www-form-urlencoded") return Object.fromEntries(new URLSearchParams(text));
    if (type === "application/json") {
      try {
        const parsed: unknown = JSON.parse(text);
        return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)
          ? (parsed as Record<string, unknown>)
          : null;
      } catch {
        return null;
      }
    }
    return null;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", origin);
    const method = req.method ?? "GET";
    const body = method === "POST" ? await readBody(req) : null;
    requests.push({ method, path: url.pathname, search: url.search, headers: req.headers, body });

    if (!url.pathname.startsWith(`${basePath}/`)) return send(res, 404, { error: "UnknownAction" });
    const [action = "", providerId, ...extra] = url.pathname.slice(basePath.length + 1).split("/");
    const allowed = ALLOWED[action];
    const takesProvider = action === "signin" || action === "callback";
    if (!allowed || extra.length > 0 || (providerId !== undefined && !takesProvider)) {
      return send(res, 404, { error: "UnknownAction" });
    }
    if (!allowed.split(", ").includes(method) || (action === "signin" && providerId && method === "GET")) {
      res.writeHead(405, { Allow: action === "signin" && providerId ? "POST" : allowed }).end();
      return;
    }
    const fault = faults.get(`${method} ${action}`);
    if (fault) {
      res.writeHead(fault.status, { "Content-Type": fault.contentType }).end(fault.body);
      return;
    }
    if (method === "POST" && body === null) return send(res, 400, { error: "InvalidBody" });

    const cookies = readCookies(req);
    const setCookies: string[] = [];
    // §3: a valid CSRF cookie is kept; a missing or forged one is replaced.
    let csrfToken: string;
    const [cookieToken = "", cookieMac = ""] = (cookies.get(CSRF_COOKIE) ?? "").split("|");
    const expected = Buffer.from(mac(cookieToken));
    const given = Buffer.from(cookieMac);
    const validCookie =
      cookieToken !== "" && given.length === expected.length && timingSafeEqual(given, expected);
    if (validCookie) csrfToken = cookieToken;
    else {
      csrfToken = randomBytes(32).toString("hex");
      setCookies.push(cookie(CSRF_COOKIE, `${csrfToken}|${mac(csrfToken)}`));
    }
    const csrfOk = () => {
      const sent = Buffer.from(typeof body?.csrfToken === "string" ? body.csrfToken : "");
      const held = Buffer.from(csrfToken);
      const sameOrigin = req.headers.origin === undefined || req.headers.origin === origin;
      return validCookie && sameOrigin && sent.length === held.length && timingSafeEqual(sent, held);
    };
    const jsonMode = body?.json === "true" || req.headers["x-auth-return-redirect"] !== undefined;
    // §2: JSON mode answers `{url}` with the status; page mode redirects.
    const redirect = (status: number, location: string) => {
      res.setHeader("Set-Cookie", setCookies);
      if (jsonMode) return send(res, status, { url: location });
      res.writeHead(302, { Location: location }).end();
    };
    const reply = (status: number, json: unknown, headers: Record<string, string> = {}) => {
      res.setHeader("Set-Cookie", setCookies);
      send(res, status, json, headers);
    };
    const storedCallback = cookies.get(CALLBACK_COOKIE);
    const callbackUrl = safeCallback(
      body?.callbackUrl ??
        url.searchParams.get("callbackUrl") ??
        (storedCallback && decodeURIComponent(storedCallback)),
    );

    const sessionToken = cookies.get(SESSION_COOKIE);
    const stored = sessionToken ? sessions.get(hash(sessionToken)) : undefined;
    const current = stored && stored.expires > Date.now() ? stored : undefined;
    const toJson = (session: StoredSession) => ({
      user: session.user,
      expires: new Date(session.expires).toISOString(),
    });

    switch (action) {
      case "providers":
        return reply(200, {
          credentials: provider("credentials", "Credentials", "credentials"),
          dev: provider("dev", "Dev", "oauth"),
        });
      case "csrf":
        return reply(200, { csrfToken }, NO_STORE);
      case "session": {
        if (sessionToken && !current) {
          // §6: an unknown or expired token is "signed out": clear it, answer {}.
          if (stored) sessions.delete(hash(sessionToken));
          setCookies.push(cookie(SESSION_COOKIE, "", 0));
        }
        if (method === "GET") return reply(200, current ? toJson(current) : {}, NO_STORE);
        if (!csrfOk()) return reply(403, {}, NO_STORE);
        if (!current) return reply(200, {}, NO_STORE);
        const data = body?.data;
        if (typeof data === "object" && data !== null && "name" in data && typeof data.name === "string") {
          current.user.name = data.name;
        }
        current.expires = Date.now() + MAX_AGE * 1000;
        setCookies.push(cookie(SESSION_COOKIE, sessionToken ?? "", MAX_AGE));
        return reply(200, toJson(current), NO_STORE);
      }
      case "signin": {
        if (method === "GET") return html(res, "Sign in");
        if (!csrfOk()) return redirect(403, `${base}/signin?error=MissingCSRF`);
        setCookies.push(cookie(CALLBACK_COOKIE, encodeURIComponent(callbackUrl)));
        if (providerId === "dev") {
          // §8: forward the POST's query as extra authorization parameters, plus state and PKCE.
          const authorize = new URL("https://provider.example/authorize");
          for (const [key, value] of url.searchParams) authorize.searchParams.set(key, value);
          authorize.searchParams.set("client_id", "gatehouse");
          authorize.searchParams.set("redirect_uri", `${base}/callback/dev`);
          const state = randomBytes(16).toString("base64url");
          const verifier = randomBytes(32).toString("base64url");
          authorize.searchParams.set("state", state);
          authorize.searchParams.set(
            "code_challenge",
            createHash("sha256").update(verifier).digest("base64url"),
          );
          authorize.searchParams.set("code_challenge_method", "S256");
          // §5 keeps these sealed with the provider id; plain values are enough for a client test.
          setCookies.push(
            cookie(`${PREFIX}.state`, state, 900),
            cookie(`${PREFIX}.pkce.code_verifier`, verifier, 900),
          );
          return redirect(200, authorize.href);
        }
        return redirect(400, `${base}/error?error=Configuration`);
      }
      case "callback": {
        if (method === "GET" || providerId !== "credentials")
          return redirect(400, `${base}/signin?error=Callback`);
        if (!csrfOk()) return redirect(403, `${base}/signin?error=MissingCSRF`);
        const user = typeof body?.username === "string" ? USERS[body.username] : undefined;
        if (!user || body?.password !== user.password) {
          return redirect(401, `${base}/signin?error=CredentialsSignin&code=credentials`);
        }
        const token = randomBytes(32).toString("base64url");
        sessions.set(hash(token), {
          user: { name: user.name, email: user.email, image: null },
          expires: Date.now() + MAX_AGE * 1000,
        });
        setCookies.push(cookie(SESSION_COOKIE, token, MAX_AGE));
        return redirect(200, callbackUrl);
      }
      case "signout": {
        if (method === "GET") return html(res, "Sign out");
        if (!csrfOk()) return redirect(403, `${base}/signout?error=MissingCSRF`);
        if (sessionToken) sessions.delete(hash(sessionToken));
        setCookies.push(cookie(SESSION_COOKIE, "", 0));
        return redirect(200, callbackUrl);
      }
      default:
        return html(res, action);
    }
  }

  function provider(id: string, name: string, type: string) {
    return { id, name, type, signinUrl: `${base}/signin/${id}`, callbackUrl: `${base}/callback/${id}` };
  }

  function html(res: ServerResponse, title: string) {
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><title>${title}</title>`);
  }

  return {
    origin,
    base,
    requests,
    faults,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
