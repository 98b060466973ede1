import type { Theme } from "../config/options.ts";
import type { ErrorCode } from "../errors/catalogue.ts";
import type { CredentialInput, ProviderStyle } from "../providers/types.ts";
import type { MarkupElement } from "./lib/h.ts";

/** What one built-in page shows. Every string in it is treated as untrusted and escaped. */
export type PageModel =
  | {
      page: "signin";
      providers: PageProvider[];
      csrfToken: string;
      callbackUrl: string;
      error: ErrorCode | null;
      email?: string;
    }
  | { page: "signout"; csrfToken: string; callbackUrl: string; error: ErrorCode | null }
  | { page: "verify-request" }
  /** GET callback/<email id>: the person confirms; only that POST uses the link's token. */
  | {
      page: "confirm-email";
      action: string;
      email: string;
      token: string;
      callbackUrl: string;
      csrfToken: string;
    }
  /** Any code; codes whose surface is not "error" render as "Default". */
  | { page: "error"; code: ErrorCode };

/** A provider as the sign-in page needs it (no secrets, no callbacks). */
export type PageProvider =
  | { id: string; name: string; type: "oauth" | "oidc"; style?: ProviderStyle }
  | { id: string; name: string; type: "email"; style?: ProviderStyle }
  | {
      id: string;
      name: string;
      type: "credentials";
      credentials: Record<string, CredentialInput>;
      style?: ProviderStyle;
    };

export interface PageContext {
  /** Absolute: origin + base path, e.g. `http://localhost:3000/api/auth`. */
  baseUrl: string;
  /** scheme://host[:port], e.g. `http://localhost:3000`. */
  origin: string;
  theme: Theme;
}

export interface RenderedPage {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Internal: what each page module hands to the document shell. */
export interface PageView {
  title: string;
  status: number;
  content: MarkupElement;
  /** Extra CSS rules built only from validated values (see theme.ts). */
  css?: string;
}
