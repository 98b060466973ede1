import type { Adapter } from "../adapter/adapter.ts";
import type { Logger, Session } from "../config/options.ts";
import type { Outcome } from "../http/outcome.ts";
import type { MessageParams } from "../i18n/translator.ts";

/**
 * A feature module: one object that `gatehouse({ modules: [...] })` composes at start-up. It brings
 * its own endpoints (rows of the action table), its messages in the languages it ships, and its
 * start-up checks; core knows no module by name. See docs/modules.md.
 *
 * @example
 * const hello: GatehouseModule = {
 *   id: "hello",
 *   messages: { en: { "hello.greeting": "Hello, {name}" } },
 *   endpoints: [{ method: "GET", action: "hello", answer: "json", async handle(request) {
 *     const session = await request.session();
 *     return { type: "json", body: { greeting: request.t("hello.greeting", { name: session?.user?.name ?? "guest" }) } };
 *   } }],
 * };
 */
export interface GatehouseModule {
  /** Unique among an instance's modules: lower-case words joined by `-`, e.g. `api-keys`. */
  readonly id: string;
  /** Endpoints below the base path. An action core or another module has for the same method is a start-up error. */
  readonly endpoints?: readonly ModuleEndpoint[];
  /**
   * Messages by language (BCP 47 tag). The module's own keys are those of its `en` messages, named
   * `<id>.<name>`; another language may give them (a missing one falls back to English). A language
   * module gives core's keys instead, every one of them, for a language core does not ship.
   */
  readonly messages?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /**
   * The error codes the module answers with, by code (PascalCase, unique among core's and every
   * module's). Declare them for the compiler too, so `new AuthError(code)` type-checks:
   * `declare module "@gatehouse/core" { interface ModuleErrorCodes { NoteTooLong: true } }`.
   * Thrown from a module's endpoint, such a code answers `{error, message}` with its status.
   */
  readonly errors?: Readonly<Record<string, ModuleErrorEntry>>;
  /**
   * Start-up checks, after core's options are resolved: throw a `ConfigError` whose message says
   * what to do (for example, that the adapter lacks the module's store).
   */
  readonly check?: (startup: ModuleStartup) => void;
  /** Hooks into every browser sign-in (OAuth/OIDC, email link, credentials, password, passkey). */
  readonly signIn?: SignInHooks;
}

/**
 * A module's part in the sign-in pipeline. In order: the first factor, the app's `signIn` callback,
 * the stored user, a disabled user refused, then every module's `gate` (in the order of `modules`),
 * the second factor, the session — then every module's `after`.
 */
export interface SignInHooks {
  /**
   * Before any session exists: `null` lets the sign-in go on; an answer ends it there, with no
   * session (a redirect to the module's own page, same origin only). Throw `AuthError("AccessDenied")`
   * to refuse as the app's `signIn` callback does (the error page's `AccessDenied`, an audit entry).
   */
  gate?(signIn: ModuleSignIn, request: ModuleRequest): ModuleAnswer | null | Promise<ModuleAnswer | null>;
  /**
   * Once the session is issued (the response is not sent yet). Awaited at most 3 s; a failure or a
   * time-out is logged (`ModuleHookFailed`) and never fails the sign-in.
   */
  after?(signIn: ModuleSignIn, request: ModuleRequest): void | Promise<void>;
}

/** Who is signing in, as a module's hooks see it. */
export interface ModuleSignIn {
  readonly userId: string;
  readonly email: string | null;
  /** The provider id (`github`, `password`, `passkey`, …). */
  readonly method: string;
  readonly isNewUser: boolean;
}

/** A module's error code: answered as JSON `{error: <code>, message}` with `status`. */
export interface ModuleErrorEntry {
  /** 400–599. */
  readonly status: number;
  /** What the caller sees. Never includes request data. English. */
  readonly message: string;
  /** For operators: when the code is raised (documentation only). */
  readonly cause: string;
}

/** What a module's start-up check sees. */
export interface ModuleStartup {
  readonly adapter: Adapter | null;
  readonly basePath: string;
  /** Whether the app runs in production (`NODE_ENV=production`). */
  readonly production: boolean;
  readonly logger: Logger;
}

/** One endpoint of a module: `BASE/<action>`, or `BASE/<action>/<provider id>` with `provider: "required"`. */
export interface ModuleEndpoint {
  readonly method: "GET" | "POST";
  /** The path segment below the base path: lower-case words joined by `-`. */
  readonly action: string;
  /** Whether the path carries a provider id segment. Default `absent`. */
  readonly provider?: "required" | "absent";
  /**
   * `json`: errors answer `{error, message}` with their status. `page`: errors go to the sign-in or
   * error page, and a redirect answers a client in JSON mode with `{url}`.
   */
  readonly answer: "json" | "page";
  /**
   * `browser` (the default): the request gets a CSRF cookie and a POST must carry the CSRF token
   * (refused with 403 `{}` for `json`, back to sign-in with `MissingCSRF` for `page`). `machine`:
   * no cookies in or out, no CSRF token (devices, server-to-server calls).
   */
  readonly caller?: "browser" | "machine";
  handle(request: ModuleRequest): ModuleAnswer | Promise<ModuleAnswer>;
}

/** A module endpoint's answer: JSON, or a redirect (`{url}` to a client in JSON mode). */
export type ModuleAnswer = Extract<Outcome, { type: "json" } | { type: "redirect" }>;

/** What a module's endpoint reads of a request: a narrow, stable view, not core's internals. */
export interface ModuleRequest {
  /** `GET` or `POST`. */
  readonly method: string;
  /** The request URL, parsed. */
  readonly url: URL;
  /** The provider id segment, or null when the endpoint takes none. */
  readonly providerId: string | null;
  /** A header by name, any case; null when absent. */
  header(name: string): string | null;
  /** A POST's fields (form or JSON object; values as strings), empty for a GET. */
  readonly body: Readonly<Record<string, string>>;
  /** The request's session (cookie or bearer token), or null. Writes no cookie. */
  session(): Promise<Session | null>;
  /** The signed-in user's id, or null. */
  userId(): Promise<string | null>;
  /** The request's language (docs/languages.md). */
  readonly locale: string;
  /** A message of this module in the request's language (English when the language lacks it). */
  t(key: string, params?: MessageParams): string;
  /** The instance's adapter, or null without one. */
  readonly adapter: Adapter | null;
  /** Now, from the instance's clock (ms since the epoch). */
  readonly now: number;
  readonly logger: Logger;
}

/** Declares a module with its literal types kept (a convenience: any object of the shape will do). */
export function defineModule<const M extends GatehouseModule>(module: M): M {
  return module;
}
