import { AuthError } from "./auth-error.ts";

/** Thrown for a known action with a method it does not take; carries the `Allow` header value. */
export class MethodNotAllowed extends AuthError {
  readonly allow: string;
  constructor(allow: readonly string[]) {
    super("MethodNotAllowed");
    this.allow = allow.join(", ");
  }
}
