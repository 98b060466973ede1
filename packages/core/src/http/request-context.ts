import type { ResolvedConfig } from "../config/resolve-config.ts";
import { parseCookies } from "../cookies/cookie.ts";
import { type CookieNames, cookieNames } from "../cookies/cookie-names.ts";
import { ResponseCookies } from "../cookies/response-cookies.ts";
import { createCsrf, csrfTokenMatches, readCsrfCookie } from "../csrf/csrf.ts";
import { requestTranslator } from "../i18n/request-translator.ts";
import type { Translator } from "../i18n/translator.ts";
import { sameOriginUrl } from "../redirect/callback-url.ts";
import { requestOrigin } from "./origin.ts";
import type { RequestHead } from "./request-head.ts";
import { type UrlHead, urlHead } from "./url-head.ts";

const CSRF_PURPOSE = "gatehouse.csrf";

/** Everything one request needs, computed once: origin, cookies in and out, body, CSRF, callback URL. */
export class RequestContext {
  readonly request: RequestHead;
  /**
   * The Web `Request` when the request came as one (`handler`); null on the plain entry (`answer`),
   * which takes no request with a body. Credentials `authorize` receives it.
   */
  readonly webRequest: Request | null;
  readonly config: ResolvedConfig;
  readonly origin: string;
  /** Origin + base path: the absolute URL of the auth endpoint. */
  readonly baseUrl: string;
  readonly secure: boolean;
  readonly names: CookieNames;
  readonly cookies: Map<string, string>;
  readonly out: ResponseCookies;
  readonly now: number;
  body: Record<string, string> = Object.create(null);
  /** The socket peer address the server integration reported (`handler(request, { clientAddress })`), or null. */
  readonly clientAddress: string | null;
  /** Redirects are answered as `{url}` JSON (v4 `json=true` body or v5 `X-Auth-Return-Redirect`). */
  jsonMode: boolean;
  #url: URL | null = null;
  #csrfToken: string | null = null;
  #i18n: Translator | null = null;

  /**
   * `from.url`: the request URL as the router read it (see `urlHead`), so it is not read twice;
   * `from.webRequest`: the `Request` itself, when there is one.
   */
  constructor(
    request: RequestHead,
    config: ResolvedConfig,
    from: { url?: UrlHead; webRequest?: Request; clientAddress?: string | null } = {},
  ) {
    this.request = request;
    this.webRequest = from.webRequest ?? null;
    this.clientAddress = from.clientAddress ?? null;
    this.config = config;
    if (from.url instanceof URL) this.#url = from.url;
    // A configured origin wins (see requestOrigin), and then the URL is not even read here.
    this.origin = config.origin ?? requestOrigin(request, from.url ?? urlHead(request.url), config.trustHost);
    this.baseUrl = this.origin + config.basePath;
    this.secure = this.origin.startsWith("https:");
    this.names = cookieNames(config.cookiePrefix, this.secure);
    this.cookies = parseCookies(request.headers.get("cookie"));
    this.out = new ResponseCookies(this.secure);
    this.now = config.now();
    this.jsonMode = request.headers.get("x-auth-return-redirect") !== null;
  }

  /** The request URL, parsed when an endpoint first needs it (its query): GET session never does. */
  get url(): URL {
    this.#url ??= new URL(this.request.url);
    return this.#url;
  }

  /**
   * The request's language and its messages (docs/languages.md), chosen when a page or a mail first
   * needs it — GET session never does — and then kept for the request.
   */
  get i18n(): Translator {
    this.#i18n ??= requestTranslator(this.webRequest ?? this.request, this.config);
    return this.#i18n;
  }

  /**
   * The CSRF token for forms, minting a cookie when the request has no valid one. Called by the
   * actions that hand a token out (csrf, the sign-in and sign-out pages).
   */
  async csrfToken(): Promise<string> {
    if (this.#csrfToken) return this.#csrfToken;
    const keys = await this.config.keys.macKeys(CSRF_PURPOSE);
    const existing = await readCsrfCookie(this.cookies.get(this.names.csrfToken), keys);
    if (existing) {
      this.#csrfToken = existing.token;
      return existing.token;
    }
    const fresh = await createCsrf(keys);
    this.out.set(this.names.csrfToken, fresh.cookie);
    this.#csrfToken = fresh.token;
    return fresh.token;
  }

  /**
   * Any request that lacks a CSRF cookie gets one (docs/protocol.md §3). A present cookie is not verified
   * here — that costs a MAC — but only where a token is handed out or checked.
   */
  async ensureCsrfCookie(): Promise<void> {
    if (!this.cookies.has(this.names.csrfToken)) await this.csrfToken();
  }

  /**
   * Double-submit check for a POST: the cookie's MAC must be ours, the body's `csrfToken` must equal
   * the cookie token (constant-time), and an `Origin` header, when sent, must be ours.
   */
  async verifyCsrf(): Promise<boolean> {
    // A named foreign origin is refused outright. `Origin: null` proves nothing either way: browsers
    // send it for our own pages' forms, which use `Referrer-Policy: no-referrer`, so it must not
    // fail the check — the token then decides, as it does when no Origin is sent.
    const origin = this.request.headers.get("origin");
    if (origin !== null && origin !== "null" && origin !== this.origin) return false;
    const keys = await this.config.keys.macKeys(CSRF_PURPOSE);
    const cookie = await readCsrfCookie(this.cookies.get(this.names.csrfToken), keys);
    if (!cookie) return false;
    return csrfTokenMatches(cookie, this.body.csrfToken, keys);
  }

  /**
   * The callback URL (docs/protocol.md §4): body, else query, else cookie, else the origin. The first one
   * present is validated; an invalid one sends the flow to the origin, never onwards to the next.
   */
  async callbackUrl(): Promise<string> {
    const fromRequest = this.body.callbackUrl ?? this.url.searchParams.get("callbackUrl") ?? undefined;
    const candidate = fromRequest ?? this.cookies.get(this.names.callbackUrl);
    const home = `${this.origin}/`;
    if (candidate === undefined || candidate === "") return home;
    const resolved = (await this.validateRedirect(candidate)) ?? home;
    if (fromRequest !== undefined && resolved !== this.cookies.get(this.names.callbackUrl)) {
      this.out.set(this.names.callbackUrl, resolved);
    }
    return resolved;
  }

  /**
   * Runs a URL through the redirect policy. Default: same origin only. A configured `redirect`
   * callback may allow more, but its answer must still be an absolute http(s) URL.
   */
  async validateRedirect(candidate: string): Promise<string | null> {
    const custom = this.config.callbacks.redirect;
    if (!custom) return sameOriginUrl(candidate, this.origin);
    const chosen = await custom({ url: candidate, baseUrl: this.origin });
    if (typeof chosen !== "string") return null;
    try {
      const url = new URL(chosen, `${this.origin}/`);
      return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
    } catch {
      return null;
    }
  }
}
