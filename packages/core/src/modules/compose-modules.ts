import type { CsrfRule, Endpoint, RouteOf } from "../actions/endpoint.ts";
import { refuseAsJson, refuseToSignIn } from "../actions/lib/csrf-refusals.ts";
import type { OwnedEndpoint } from "../actions/router.ts";
import { NO_SIGN_IN_HOOKS, type Services, type SignInHookRunner } from "../actions/services.ts";
import { AuthError } from "../errors/auth-error.ts";
import { isCoreErrorCode } from "../errors/catalogue.ts";
import { ConfigError } from "../errors/config-error.ts";
import { callBounded } from "../events/bounded-call.ts";
import type { Outcome } from "../http/outcome.ts";
import type { RequestContext } from "../http/request-context.ts";
import { MESSAGE_KEYS } from "../i18n/built-in-messages.ts";
import { canonicalLocale } from "../i18n/negotiate-locale.ts";
import { placeholdersOf } from "../i18n/placeholders.ts";
import { isRecord } from "../lib/is-record.ts";
import { sameOriginUrl } from "../redirect/callback-url.ts";
import type {
  GatehouseModule,
  ModuleAnswer,
  ModuleEndpoint,
  ModuleErrorEntry,
  ModuleStartup,
  SignInHooks,
} from "./module.ts";
import { type ModuleMessages, moduleRequest } from "./module-request.ts";

/** The modules of one instance, checked: what the router and i18n take from them. */
export interface ComposedModules {
  /** Every module's ids, in the order given. */
  readonly ids: readonly string[];
  /** Their endpoints as rows of the action table, each with its owner's id. */
  readonly rows: readonly OwnedEndpoint[];
  /** Core's messages the modules give, by language (a language module's), for `i18n` to merge. */
  readonly coreMessages: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** The modules' error codes and their entries (core's are in `errorCatalogue`). */
  readonly errors: ReadonlyMap<string, ModuleErrorEntry>;
  /** The modules' sign-in hooks, for `createServices`. */
  readonly signInHooks: SignInHookRunner;
  /** Runs each module's own start-up `check`, in order, once core's options are resolved. */
  check(startup: ModuleStartup): void;
}

const ID = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;
const CORE_KEYS: ReadonlySet<string> = new Set(MESSAGE_KEYS);

/**
 * Checks `modules` at start-up and composes them: unique ids, well-formed endpoints and messages.
 * Every misuse is a ConfigError naming the module and what to do. The caller resolves core's options
 * with `coreMessages`, then runs `check` (each module's own), and builds the router from `rows`
 * (which refuses two owners for one endpoint).
 */
export function composeModules(given: unknown): ComposedModules {
  if (given === undefined) {
    return {
      ids: [],
      rows: [],
      coreMessages: {},
      errors: new Map(),
      signInHooks: NO_SIGN_IN_HOOKS,
      check() {},
    };
  }
  if (!Array.isArray(given)) {
    throw new ConfigError(
      'Gatehouse: modules must be a list of modules, e.g. modules: [de] with import { de } from "@gatehouse/core/languages/de".',
    );
  }
  const ids: string[] = [];
  const rows: OwnedEndpoint[] = [];
  const coreMessages: Record<string, Record<string, string>> = {};
  const checks: Array<(startup: ModuleStartup) => void> = [];
  const errors = new Map<string, ModuleErrorEntry & { owner: string }>();
  const hooks: HookOf[] = [];
  for (const [index, module] of given.entries()) {
    if (!isRecord(module) || typeof module.id !== "string" || !ID.test(module.id)) {
      throw new ConfigError(
        `Gatehouse: modules[${index}] must be a module object whose id is lower-case words joined by "-" (got ${describe(isRecord(module) ? module.id : module)}).`,
      );
    }
    const { id } = module as unknown as GatehouseModule;
    if (ids.includes(id))
      throw new ConfigError(`Gatehouse: modules lists "${id}" twice; list each module once.`);
    ids.push(id);
    for (const [code, entry] of checkErrors(module as unknown as GatehouseModule)) {
      const taken = isCoreErrorCode(code) ? "core" : errors.get(code)?.owner;
      if (taken !== undefined) {
        throw new ConfigError(
          `Gatehouse: module "${id}" adds the error code ${code}, which ${taken === "core" ? "core" : `module "${taken}"`} has; codes are unique: prefix yours (e.g. ${pascal(id)}${code}).`,
        );
      }
      errors.set(code, { ...entry, owner: id });
    }
    const { own, core } = checkMessages(module as unknown as GatehouseModule);
    for (const [language, messages] of Object.entries(core)) {
      coreMessages[language] = { ...coreMessages[language], ...messages };
    }
    for (const endpoint of checkEndpoints(module as unknown as GatehouseModule)) {
      rows.push({ row: toRow(endpoint, own), owner: id });
    }
    const hook = checkHooks(module as unknown as GatehouseModule);
    if (hook) hooks.push({ id, own, ...hook });
    const { check } = module as unknown as GatehouseModule;
    if (check !== undefined) {
      if (typeof check !== "function")
        throw new ConfigError(`Gatehouse: module "${id}": check must be a function.`);
      checks.push(check);
    }
  }
  return {
    ids,
    rows,
    coreMessages,
    errors,
    signInHooks: hooks.length === 0 ? NO_SIGN_IN_HOOKS : runHooks(hooks),
    check(startup) {
      for (const check of checks) check(startup);
    },
  };
}

function describe(value: unknown): string {
  return typeof value === "string" ? JSON.stringify(value) : typeof value;
}

/**
 * A module's answer with its redirect, if it is one, checked: never an open redirect, whatever a
 * module was handed — same origin only, as callback URLs. Anything else is `Configuration`.
 */
function sameOrigin(ctx: RequestContext, answer: ModuleAnswer, from: string): ModuleAnswer {
  if (answer.type !== "redirect") return answer;
  const url = sameOriginUrl(answer.url, ctx.origin);
  if (url === null)
    throw new AuthError("Configuration", { cause: `${from} redirected off the origin: ${answer.url}` });
  return { ...answer, url };
}

/** One module's hooks, with what its requests need. */
interface HookOf extends SignInHooks {
  id: string;
  own: ModuleMessages;
}

function checkHooks(module: GatehouseModule): SignInHooks | null {
  const { id, signIn } = module;
  if (signIn === undefined) return null;
  if (!isRecord(signIn))
    throw new ConfigError(`Gatehouse: module "${id}": signIn must be { gate?, after? }.`);
  for (const name of ["gate", "after"] as const) {
    if (signIn[name] !== undefined && typeof signIn[name] !== "function") {
      throw new ConfigError(`Gatehouse: module "${id}": signIn.${name} must be a function.`);
    }
  }
  return signIn;
}

/** How long a sign-in waits for one module's `after` (as for the app's event handlers). */
const AFTER_TIMEOUT_MS = 3000;

function runHooks(hooks: readonly HookOf[]): SignInHookRunner {
  const gates = hooks.filter((hook) => hook.gate);
  const afters = hooks.filter((hook) => hook.after);
  return {
    async gate(ctx, services, signIn) {
      for (const hook of gates) {
        const answer = await hook.gate!(signIn, moduleRequest(ctx, services, hook.own, null));
        if (answer === null || answer === undefined) continue;
        return sameOrigin(ctx, answer, `module "${hook.id}"'s sign-in gate`);
      }
      return null;
    },
    async after(ctx, services, signIn) {
      for (const hook of afters) {
        await callBounded(
          () => hook.after!(signIn, moduleRequest(ctx, services, hook.own, null)),
          AFTER_TIMEOUT_MS,
          (cause) => ctx.config.logger.error("ModuleHookFailed", { module: hook.id, hook: "after", cause }),
        );
      }
    },
  };
}

function pascal(id: string): string {
  return id
    .split("-")
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join("");
}

const CODE = /^[A-Z][A-Za-z0-9]*$/;

function checkErrors(module: GatehouseModule): Array<[string, ModuleErrorEntry]> {
  const { id, errors } = module;
  if (errors === undefined) return [];
  if (!isRecord(errors))
    throw new ConfigError(`Gatehouse: module "${id}": errors must be an object by code.`);
  return Object.entries(errors).map(([code, entry]) => {
    const where = `Gatehouse: module "${id}": errors.${code}`;
    if (!CODE.test(code))
      throw new ConfigError(`${where}: a code is PascalCase letters and digits (e.g. NoteTooLong).`);
    if (!isRecord(entry)) throw new ConfigError(`${where} must be { status, message, cause }.`);
    const { status, message, cause } = entry;
    if (typeof status !== "number" || !Number.isInteger(status) || status < 400 || status > 599) {
      throw new ConfigError(`${where}.status must be an HTTP error status, 400–599.`);
    }
    if (typeof message !== "string" || message === "")
      throw new ConfigError(`${where}.message must be a non-empty string.`);
    if (typeof cause !== "string") throw new ConfigError(`${where}.cause must be a string (for operators).`);
    return [code, { status, message, cause }];
  });
}

function checkEndpoints(module: GatehouseModule): readonly ModuleEndpoint[] {
  const { id, endpoints } = module;
  if (endpoints === undefined) return [];
  if (!Array.isArray(endpoints))
    throw new ConfigError(`Gatehouse: module "${id}": endpoints must be a list.`);
  for (const [index, endpoint] of endpoints.entries()) {
    const where = `Gatehouse: module "${id}": endpoints[${index}]`;
    if (!isRecord(endpoint)) throw new ConfigError(`${where} must be an object.`);
    if (endpoint.method !== "GET" && endpoint.method !== "POST") {
      throw new ConfigError(`${where}.method must be "GET" or "POST".`);
    }
    if (typeof endpoint.action !== "string" || !ID.test(endpoint.action)) {
      throw new ConfigError(
        `${where}.action must be lower-case words joined by "-" (got ${describe(endpoint.action)}).`,
      );
    }
    if (endpoint.answer !== "json" && endpoint.answer !== "page") {
      throw new ConfigError(`${where}.answer must be "json" or "page".`);
    }
    if (
      endpoint.provider !== undefined &&
      endpoint.provider !== "required" &&
      endpoint.provider !== "absent"
    ) {
      throw new ConfigError(`${where}.provider must be "required" or "absent".`);
    }
    if (endpoint.caller !== undefined && endpoint.caller !== "browser" && endpoint.caller !== "machine") {
      throw new ConfigError(`${where}.caller must be "browser" or "machine".`);
    }
    if (typeof endpoint.handle !== "function") throw new ConfigError(`${where}.handle must be a function.`);
  }
  return endpoints;
}

/** A module's messages split into its own (by language, English complete) and core's (a language module's). */
function checkMessages(module: GatehouseModule): {
  own: ReadonlyMap<string, Readonly<Record<string, string>>>;
  core: Record<string, Record<string, string>>;
} {
  const { id, messages } = module;
  const own = new Map<string, Record<string, string>>();
  const core: Record<string, Record<string, string>> = {};
  if (messages === undefined) return { own, core };
  if (!isRecord(messages)) {
    throw new ConfigError(
      `Gatehouse: module "${id}": messages must be an object by language, e.g. { en: { … } }.`,
    );
  }
  const english = isRecord(messages.en) ? messages.en : {};
  const prefix = `${id}.`;
  for (const [tag, given] of Object.entries(messages)) {
    const language = canonicalLocale(tag);
    if (!language)
      throw new ConfigError(`Gatehouse: module "${id}": messages: "${tag}" is not a language tag (BCP 47).`);
    if (!isRecord(given))
      throw new ConfigError(`Gatehouse: module "${id}": messages["${tag}"] must be an object.`);
    for (const [key, value] of Object.entries(given)) {
      const where = `Gatehouse: module "${id}": messages["${tag}"]["${key}"]`;
      if (typeof value !== "string") throw new ConfigError(`${where} must be a string.`);
      if (CORE_KEYS.has(key)) {
        const messages = core[language] ?? {};
        messages[key] = value;
        core[language] = messages;
        continue;
      }
      if (!key.startsWith(prefix)) {
        throw new ConfigError(
          `${where}: a module's own keys begin with "${prefix}"; core's keys are those of docs/languages.md.`,
        );
      }
      const source = english[key];
      if (typeof source !== "string") {
        throw new ConfigError(`${where} has no English message: messages.en gives every key of the module.`);
      }
      const extra = placeholdersOf(value).filter((name) => !placeholdersOf(source).includes(name));
      if (extra.length > 0) {
        throw new ConfigError(
          `${where} uses {${extra.join("}, {")}}, which the English message does not have.`,
        );
      }
      const messages = own.get(language) ?? {};
      messages[key] = value;
      own.set(language, messages);
    }
  }
  return { own, core };
}

/** A module's endpoint as a row of the action table, its handler given the narrow `ModuleRequest`. */
function toRow(
  endpoint: ModuleEndpoint,
  own: ReadonlyMap<string, Readonly<Record<string, string>>>,
): Endpoint {
  const machine = endpoint.caller === "machine";
  const csrf: CsrfRule | null =
    machine || endpoint.method === "GET" ? null : endpoint.answer === "json" ? refuseAsJson : refuseToSignIn;
  return {
    method: endpoint.method,
    action: endpoint.action,
    provider: endpoint.provider ?? "absent",
    answer: endpoint.answer,
    browser: !machine,
    csrf,
    async handle(ctx: RequestContext, route: RouteOf, services: Services): Promise<Outcome> {
      const request = moduleRequest(ctx, services, own, route.providerId);
      const answer = await endpoint.handle(request);
      return sameOrigin(ctx, answer, "a module's endpoint");
    },
  };
}
