/**
 * The one error catalogue. Every error Gatehouse reports has a code listed here; the sign-in page
 * messages, the error page, JSON errors, HTTP statuses and `docs/errors.md` are all derived from it.
 */

/** Where an error is shown to a person: inline on the sign-in page, on the error page, or only as JSON. */
export type ErrorSurface = "signin" | "error" | "request";

export interface ErrorEntry {
  /** HTTP status for JSON answers and for the error page. */
  readonly status: number;
  readonly surface: ErrorSurface;
  /** Page heading (error page) — short. */
  readonly title: string;
  /** What the person sees. Never includes request data. */
  readonly message: string;
  /** For operators: when the code is raised (documentation only). */
  readonly cause: string;
}

export const errorCatalogue = {
  // --- shown on the sign-in page (protocol.md §7) ---
  OAuthSignin: {
    status: 502,
    surface: "signin",
    title: "Sign-in could not start",
    message: "Try signing in with a different account.",
    cause:
      "Starting an OAuth/OIDC sign-in failed: discovery or the provider could not be reached in time, or answered something unusable.",
  },
  OAuthCallback: {
    status: 400,
    surface: "signin",
    title: "Sign-in failed",
    message: "Try signing in with a different account.",
    cause:
      "The provider's return did not verify: a check cookie (state, PKCE, nonce) was missing, expired or for another provider; state, issuer, ID token, nonce or userinfo subject did not match; the token request failed or timed out.",
  },
  OAuthCreateAccount: {
    status: 500,
    surface: "signin",
    title: "Account could not be created",
    message: "Try signing in with a different account.",
    cause: "Storing the new user or account for an OAuth sign-in failed.",
  },
  EmailCreateAccount: {
    status: 500,
    surface: "signin",
    title: "Account could not be created",
    message: "Try signing in with a different account.",
    cause: "Storing the new user for an email sign-in failed.",
  },
  Callback: {
    status: 400,
    surface: "signin",
    title: "Sign-in failed",
    message: "Try signing in with a different account.",
    cause:
      "The provider reported an error (for example the person cancelled) or the callback failed otherwise.",
  },
  OAuthAccountNotLinked: {
    status: 409,
    surface: "signin",
    title: "Account not linked",
    message: "To confirm your identity, sign in with the same account you used originally.",
    cause: "The provider account belongs to another user, or its email matches a user who has not linked it.",
  },
  EmailSignin: {
    status: 400,
    surface: "signin",
    title: "Email could not be sent",
    message: "The email could not be sent.",
    cause: "The address was missing or refused, or the sign-in email could not be sent or stored.",
  },
  CredentialsSignin: {
    status: 401,
    surface: "signin",
    title: "Sign-in failed",
    message: "Sign in failed. Check the details you provided are correct.",
    cause: "The credentials provider's authorize() returned null.",
  },
  SessionRequired: {
    status: 401,
    surface: "signin",
    title: "Sign-in required",
    message: "Please sign in to access this page.",
    cause: "A page that needs a session was opened while signed out.",
  },
  MissingCSRF: {
    status: 403,
    surface: "signin",
    title: "Form expired",
    message: "The form expired or came from another site. Please try again.",
    cause:
      "A POST that needs CSRF protection had no valid CSRF cookie, a csrfToken that did not match it, or an Origin header of another site.",
  },
  // --- shown on the error page (protocol.md §7) ---
  Configuration: {
    status: 500,
    surface: "error",
    title: "Server error",
    message: "There is a problem with the server configuration. Check the server logs for more information.",
    cause:
      "Gatehouse is misconfigured, or an unexpected internal failure occurred (details are only logged).",
  },
  AccessDenied: {
    status: 403,
    surface: "error",
    title: "Access denied",
    message: "You do not have permission to sign in.",
    cause: "The signIn callback refused the sign-in.",
  },
  Verification: {
    status: 403,
    surface: "error",
    title: "Unable to sign in",
    message: "The sign in link is no longer valid. It may have been used already or it may have expired.",
    cause: "An email sign-in token was unknown, expired, already used or for another address.",
  },
  StorageUnavailable: {
    status: 503,
    surface: "error",
    title: "Temporarily unavailable",
    message: "Sign-in is temporarily unavailable. Please try again in a moment.",
    cause:
      "The storage adapter failed (database down, locked or timing out). Nothing was half-written: sign-in stops before a session is issued.",
  },
  Default: {
    status: 400,
    surface: "error",
    title: "Error",
    message: "Something went wrong while signing in.",
    cause: "Any code the error page does not know.",
  },
  // --- request errors, answered as JSON (protocol.md §1) ---
  UnknownAction: {
    status: 404,
    surface: "request",
    title: "Not found",
    message: "This auth endpoint does not exist.",
    cause: "The path below the base path names no action, or has extra segments.",
  },
  MethodNotAllowed: {
    status: 405,
    surface: "request",
    title: "Method not allowed",
    message: "This auth endpoint does not accept that method.",
    cause: "A known action was called with a method it does not take (see the Allow header).",
  },
  InvalidContentType: {
    status: 400,
    surface: "request",
    title: "Bad request",
    message: "POST bodies must be application/x-www-form-urlencoded or application/json.",
    cause: "A POST carried another content type, or none.",
  },
  InvalidBody: {
    status: 400,
    surface: "request",
    title: "Bad request",
    message: "The request body could not be read.",
    cause:
      "The body was not valid form data or JSON, was not an object, or had a field that is not a string.",
  },
  BodyTooLarge: {
    status: 400,
    surface: "request",
    title: "Bad request",
    message: "The request body is too large.",
    cause: "The body was over 64 KiB.",
  },
  UnknownProvider: {
    status: 404,
    surface: "request",
    title: "Not found",
    message: "No sign-in provider has this id.",
    cause: "signin/<id> or callback/<id> named a provider that is not configured, or one of the wrong type.",
  },
  AccountNotLinked: {
    status: 404,
    surface: "request",
    title: "Not found",
    message: "No account at this provider is linked to the user.",
    cause: "getAccessToken (or the web app's access-token API) named a provider the user has no account at.",
  },
  ProviderSignInRequired: {
    status: 401,
    surface: "request",
    title: "Sign-in required",
    message: "Sign in with this provider again.",
    cause:
      "The provider refused the stored refresh token (invalid_grant: expired, revoked or already used; the stored tokens were cleared), or the access token expired and there is no refresh token.",
  },
  ProviderUnavailable: {
    status: 502,
    surface: "request",
    title: "Provider unavailable",
    message: "The provider could not be reached. Try again in a moment.",
    cause:
      "Refreshing a provider access token timed out, failed on the network, or got a 5xx or unusable answer; the stored tokens were kept.",
  },
  DeviceFlowUnsupported: {
    status: 400,
    surface: "request",
    title: "Bad request",
    message: "This provider does not support signing in from a device.",
    cause:
      "device/<id> or device-token/<id> named a provider that is not OAuth/OIDC, or whose metadata has no usable device_authorization_endpoint.",
  },
} as const satisfies Record<string, ErrorEntry>;

export type ErrorCode = keyof typeof errorCatalogue;

/** The codes the sign-in page shows inline; `error?error=<one of these>` redirects there. */
export const signInPageCodes: readonly ErrorCode[] = (Object.keys(errorCatalogue) as ErrorCode[]).filter(
  (code) => errorCatalogue[code].surface === "signin",
);

/** Narrows untrusted input (a query parameter) to a known code, or null. Exact, case-sensitive match. */
export function toErrorCode(value: unknown): ErrorCode | null {
  return typeof value === "string" && Object.hasOwn(errorCatalogue, value) ? (value as ErrorCode) : null;
}
