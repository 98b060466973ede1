import type { ErrorCode } from "./catalogue.ts";

/**
 * Misuse: a configuration, or a call, that cannot work. Thrown at startup (or by the call) with a
 * message that says how to fix it — never for a failure a request can meet, which is a value or an
 * `AuthError`. Recognise it by class or by `code`, never by its text. It stays a `TypeError` whose
 * `name` is "TypeError", as argument errors are everywhere else in JavaScript.
 *
 * `code` is `Configuration` unless the misuse has a more precise catalogue code (a provider id that
 * names no configured provider: `UnknownProvider`), so an app can map it to an answer.
 *
 * @example
 * try { gatehouse(options) } catch (error) { if (error instanceof ConfigError) console.error(error.message) }
 */
export class ConfigError extends TypeError {
  readonly code: ErrorCode;

  constructor(message: string, options?: { code?: ErrorCode; cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = options?.code ?? "Configuration";
  }
}
