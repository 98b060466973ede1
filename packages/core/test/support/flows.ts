import type { DevProvider } from "@gatehouse/dev-provider";
import { loginAtDevProvider } from "@gatehouse/dev-provider/testing";
import { Credentials, type Logger, type Session, type User } from "../../src/index.ts";
import { setCookie, type TestBrowser } from "../browser.ts";

export { SECRET, setCookie, TestBrowser } from "../browser.ts";

export const APP = "http://localhost:3000";
export const BASE = `${APP}/api/auth`;
export const SESSION_COOKIE = "gatehouse.session-token";

/** A logger that keeps what it is told, so a test can assert that nothing went wrong unseen. */
export function recordingLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    error: (code, detail) => lines.push(`error ${code} ${String(detail)}`),
    warn: (code, detail) => lines.push(`warn ${code} ${String(detail)}`),
    info: (code, detail) => lines.push(`info ${code} ${String(detail)}`),
  };
}

/** One thing the logger was told, with its detail kept as given. */
export interface LogEntry {
  level: "error" | "warn" | "info" | "debug";
  code: string;
  detail: unknown;
}

/** A logger that keeps each entry whole (`recordingLogger` prints the detail away), so a test can ask why. */
export function entriesLogger(): Logger & { entries: LogEntry[] } {
  const entries: LogEntry[] = [];
  return {
    entries,
    error: (code, detail) => entries.push({ level: "error", code, detail }),
    warn: (code, detail) => entries.push({ level: "warn", code, detail }),
    info: (code, detail) => entries.push({ level: "info", code, detail }),
    debug: (code, detail) => entries.push({ level: "debug", code, detail }),
  };
}

/** Credentials provider that signs in the listed people by user name, and nobody else. */
export function people(byName: Record<string, User>) {
  return Credentials({
    credentials: { username: { label: "User name" } },
    authorize: (c) =>
      c.username !== undefined && Object.hasOwn(byName, c.username) ? byName[c.username]! : null,
  });
}

/** The session callback the suites use to see which stored user a browser is signed in as. */
export const exposeUserId = {
  session: ({ session, user }: { session: Session; user?: User }): Session => ({
    ...session,
    user: { ...session.user, id: user?.id },
  }),
};

/** Signs in with the `people` provider in form mode. */
export async function signIn(
  browser: TestBrowser,
  username: string,
  extra: Record<string, string> = {},
): Promise<Response> {
  const csrfToken = await browser.csrf();
  return browser.request("/api/auth/callback/credentials", {
    form: { username, csrfToken, callbackUrl: `${APP}/dashboard`, ...extra },
  });
}

export async function sessionOf(browser: TestBrowser): Promise<Partial<Session>> {
  const response = await browser.request("/api/auth/session");
  if (response.status !== 200) throw new Error(`GET session answered ${response.status}`);
  return (await response.json()) as Partial<Session>;
}

export async function signOut(browser: TestBrowser): Promise<Response> {
  const csrfToken = await browser.csrf();
  return browser.request("/api/auth/signout", { form: { csrfToken, callbackUrl: `${APP}/bye` } });
}

/** The session token a response sets (not clears), or undefined. */
export function sessionTokenSet(response: Response): string | undefined {
  const line = setCookie(response, SESSION_COOKIE);
  if (line === undefined || /max-age=0/i.test(line)) return undefined;
  return decodeURIComponent(line.slice(SESSION_COOKIE.length + 1).split(";", 1)[0] ?? "");
}

/** The error code a failed flow ended with (the `error` parameter of its redirect), or null. */
export function errorOf(response: Response): string | null {
  const location = response.headers.get("location");
  return location ? new URL(location).searchParams.get("error") : null;
}

export async function sha256hex(value: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(value));
  return Buffer.from(digest).toString("hex");
}

/** A stack frame (`at fn (file:1:2)`) or an error class name: what must never reach a person. */
export const INTERNALS = /\bat \S+ \(|\.ts:\d+:\d+|StorageError|AuthError|node_modules/;

/** Name → value of every `<input>` in a page, HTML entities decoded (enough for our own pages). */
export function formFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [tag] of html.matchAll(/<input\b[^>]*>/g)) {
    const name = /\bname="([^"]*)"/.exec(tag)?.[1];
    const value = /\bvalue="([^"]*)"/.exec(tag)?.[1];
    if (name !== undefined && value !== undefined) fields[name] = decodeEntities(value);
  }
  return fields;
}

function decodeEntities(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replaceAll("&quot;", '"')
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
}

/** Logs in on the dev provider's form and returns the URL it sends the browser back to. */
export function loginAtProvider(op: DevProvider, authorizationUrl: string, username: string): Promise<URL> {
  return loginAtDevProvider(op.issuer, authorizationUrl, username);
}

/** A full OIDC sign-in of `username` at provider `providerId`, in this browser; returns the callback answer. */
export async function oidcSignIn(
  browser: TestBrowser,
  op: DevProvider,
  providerId: string,
  username: string,
): Promise<Response> {
  const csrfToken = await browser.csrf();
  const started = await browser.request(`/api/auth/signin/${providerId}`, {
    form: { csrfToken, callbackUrl: `${APP}/dashboard` },
  });
  const location = started.headers.get("location");
  if (location === null) throw new Error(`sign-in did not start: HTTP ${started.status}`);
  const back = await loginAtProvider(op, location, username);
  return browser.request(back.pathname + back.search);
}
