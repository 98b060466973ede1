import { BUILT_IN_LOCALES, type BuiltInLocale, type I18nOptions, negotiateLocale } from "@gatehouse/core";
import { LANGUAGE_MODULES } from "./language-modules.ts";

/** Who the page's `<noscript>` names: the session's user as `GET /api/me` would give it. */
export interface SignedInUser {
  name?: string | null;
  email?: string | null;
}

/**
 * The `<noscript>` of a signed-in person, in each built-in language: who is signed in (`{who}`), the
 * protected page (`{protectedPage}`) and the way out (`{signOut}`: the sign-out page, a plain form that
 * works without JavaScript).
 */
const SIGNED_IN: Readonly<Record<BuiltInLocale, { text: string; protectedPage: string; signOut: string }>> = {
  en: {
    text: "Signed in as {who}. {protectedPage} or {signOut}.",
    protectedPage: "Open the protected page",
    signOut: "sign out",
  },
  de: {
    text: "Angemeldet als {who}. {protectedPage} oder {signOut}.",
    protectedPage: "Geschützte Seite öffnen",
    signOut: "abmelden",
  },
  fr: {
    text: "Connecté en tant que {who}. {protectedPage} ou {signOut}.",
    protectedPage: "Ouvrir la page protégée",
    signOut: "se déconnecter",
  },
  es: {
    text: "Has iniciado sesión como {who}. {protectedPage} o {signOut}.",
    protectedPage: "Abre la página protegida",
    signOut: "cierra sesión",
  },
  ja: {
    text: "{who} でサインインしています。{protectedPage}か、{signOut}できます。",
    protectedPage: "保護されたページを開く",
    signOut: "サインアウト",
  },
  "pt-BR": {
    text: "Você entrou como {who}. {protectedPage} ou {signOut}.",
    protectedPage: "Abra a página protegida",
    signOut: "saia",
  },
};

/** `&`, `<`, `>`, `"` and `'` as character references: safe in an attribute value and in text. */
function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function builtIn(locale: string): BuiltInLocale {
  return (BUILT_IN_LOCALES as readonly string[]).includes(locale) ? (locale as BuiltInLocale) : "en";
}

/**
 * The built `index.html` for a signed-in person: its `<noscript>` (which asks a signed-out visitor
 * to sign in) says who is signed in and offers the protected page and sign-out instead, so a browser
 * without JavaScript does not land on a blank page whose only words ask to sign in. The text is in the
 * request's language (the same negotiation as the auth pages); the name is escaped.
 * @example withSignedInNoscript(html, { email: "ana@example.test" }, request, undefined)
 */
export function withSignedInNoscript(
  html: string,
  user: SignedInUser,
  request: Request,
  i18n: I18nOptions | undefined,
): string {
  const who = user.name || user.email;
  if (!who) return html;
  const words = SIGNED_IN[builtIn(negotiateLocale(request, i18n, LANGUAGE_MODULES))];
  const parts: Record<string, string> = {
    who: `<strong>${escapeHtml(who)}</strong>`,
    protectedPage: `<a href="/protected">${escapeHtml(words.protectedPage)}</a>`,
    signOut: `<a href="/api/auth/signout">${escapeHtml(words.signOut)}</a>`,
  };
  const sentence = escapeHtml(words.text).replace(/\{(\w+)\}/g, (_, name: string) => parts[name] ?? "");
  const text = `<p class="noscript">${sentence}</p>`;
  // A function replacement: a string one would read `$&` and the like in the name.
  return html.replace(/<noscript>[\s\S]*?<\/noscript>/i, () => `<noscript>${text}</noscript>`);
}
