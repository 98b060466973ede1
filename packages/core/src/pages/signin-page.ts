import type { MessageKey } from "../i18n/messages/en.ts";
import type { Translator } from "../i18n/translator.ts";
import { providerLabel } from "../providers/provider-label.ts";
import type { CredentialInput } from "../providers/types.ts";
import { AccountLinks, accountPageUrl } from "./account-links.ts";
import { ERROR_BOX_ID, ErrorBox } from "./error-box.ts";
import { HiddenFields } from "./hidden-fields.ts";
import { type InlineError, inlineError } from "./inline-error.ts";
import { Fragment, h, type MarkupElement } from "./lib/h.ts";
import type { PageContext, PageModel, PageProvider, PageView } from "./page-model.ts";
import { PASSKEY_SCRIPT } from "./passkey-script.ts";
import { PasskeySignIn } from "./passkey-sign-in.ts";
import { TextField } from "./text-field.ts";
import { providerClassName, safeImageUrl, themeCss } from "./theme.ts";

type SignInModel = Extract<PageModel, { page: "signin" }>;
type Indexed = { provider: PageProvider; index: number };
interface FormProps extends Indexed {
  model: SignInModel;
  baseUrl: string;
  i18n: Translator;
  /** The page's error, when it is about a field of the forms (the field then points at the box). */
  error: InlineError | null;
}

const NOTICES: Readonly<Record<NonNullable<SignInModel["notice"]>, MessageKey>> = {
  "password-reset": "signin.passwordReset",
  "email-verified": "signin.emailVerified",
  "account-secured": "signin.accountSecured",
};

/**
 * An email field's `autocomplete`, with the `webauthn` token when passkeys are on: the browser then
 * offers passkeys in the field's autofill (the script's conditional request waits on it).
 */
function emailAutoComplete(model: SignInModel, token: "email" | "username"): string {
  return model.passkeys ? `${token} webauthn` : token;
}

/** The confirmation from the step before; a value that is not one of ours shows nothing. */
function noticeMessage(i18n: Translator, notice: unknown): string | null {
  return typeof notice === "string" && Object.hasOwn(NOTICES, notice)
    ? i18n.t(NOTICES[notice as keyof typeof NOTICES])
    : null;
}

/** "Sign in with GitHub", in the page's language; the built-in providers' default names translated too. */
function signInWith(i18n: Translator, provider: PageProvider): string {
  return i18n.t("signin.withProvider", { provider: providerLabel(i18n, provider) });
}

function action(baseUrl: string, step: "signin" | "callback", id: string): string {
  return `${baseUrl}/${step}/${encodeURIComponent(id)}`;
}

function SubmitButton({ provider, index, i18n }: Indexed & { i18n: Translator }): MarkupElement {
  const logo = safeImageUrl(provider.style?.logo);
  return h(
    "button",
    { type: "submit", className: `button ${providerClassName(index)}` },
    logo ? h("img", { src: logo, alt: "" }) : null,
    h("span", null, signInWith(i18n, provider)),
  );
}

function Field(props: {
  id: string;
  name: string;
  input: CredentialInput;
  defaultValue?: string;
  /** The page's error box is about this field. */
  invalid?: boolean;
  /** Shown under the label and read out with the field. */
  hint?: string;
}): MarkupElement {
  const { input } = props;
  const hintId = props.hint ? `${props.id}-hint` : undefined;
  const describedBy = [hintId, props.invalid ? ERROR_BOX_ID : undefined].filter(Boolean).join(" ");
  return h(
    "div",
    { className: "field" },
    h("label", { htmlFor: props.id }, input.label || props.name),
    props.hint ? h("p", { id: hintId, className: "hint" }, props.hint) : null,
    h("input", {
      id: props.id,
      name: props.name,
      type: input.type || "text",
      placeholder: input.placeholder,
      autoComplete: input.autocomplete,
      required: input.required,
      "aria-describedby": describedBy || undefined,
      "aria-invalid": props.invalid ? "true" : undefined,
      defaultValue: props.defaultValue,
    }),
  );
}

function ProviderForm({ provider, index, model, baseUrl, i18n, error }: FormProps): MarkupElement {
  const fields: MarkupElement[] = [];
  if (provider.type === "email") {
    const input = {
      label: i18n.t("field.email"),
      type: "email",
      placeholder: i18n.t("signin.emailPlaceholder"),
      autocomplete: emailAutoComplete(model, "email"),
    };
    const id = `input-email-for-${provider.id}-provider`;
    fields.push(
      h(Field, {
        key: "email",
        id,
        name: "email",
        input: { ...input, required: true },
        defaultValue: model.email,
        invalid: error?.field === "email",
        // Two forms may each have an "Email" field (a link, a password): the hint says which this is.
        hint: i18n.t("signin.emailLinkHint"),
      }),
    );
  } else if (provider.type === "credentials") {
    for (const [name, input] of Object.entries(provider.credentials)) {
      fields.push(h(Field, { key: name, id: `input-${name}-for-${provider.id}-provider`, name, input }));
    }
  }
  const step = provider.type === "credentials" ? "callback" : "signin";
  return h(
    "form",
    {
      method: "post",
      action: action(baseUrl, step, provider.id),
      className: "stack",
      // Two forms may both have an "Email" field (a link, a password): the form's name tells them apart.
      "aria-label": signInWith(i18n, provider),
    },
    h(HiddenFields, { csrfToken: model.csrfToken, callbackUrl: model.callbackUrl }),
    ...fields,
    h(SubmitButton, { provider, index, i18n }),
  );
}

/** Email and password, then the ways to an account without one: reset and sign-up. */
function PasswordForm({ provider, index, model, baseUrl, i18n, error }: FormProps): MarkupElement {
  const id = (name: string) => `input-${name}-for-${provider.id}-provider`;
  return h(
    Fragment,
    null,
    h(
      "form",
      {
        method: "post",
        action: action(baseUrl, "callback", provider.id),
        className: "stack",
        "aria-label": signInWith(i18n, provider),
      },
      h(HiddenFields, { csrfToken: model.csrfToken, callbackUrl: model.callbackUrl }),
      // `username`, not `email`: password managers pair the username field with current-password.
      h(TextField, {
        id: id("email"),
        name: "email",
        label: i18n.t("field.email"),
        type: "email",
        autoComplete: emailAutoComplete(model, "username"),
        required: true,
        invalid: error?.field === "email",
        defaultValue: model.email,
      }),
      h(TextField, {
        id: id("password"),
        name: "password",
        label: i18n.t("field.password"),
        type: "password",
        autoComplete: "current-password",
        required: true,
        invalid: error?.field === "password",
      }),
      h(SubmitButton, { provider, index, i18n }),
    ),
    h(AccountLinks, {
      links: [
        {
          href: accountPageUrl(baseUrl, "forgot-password", model.callbackUrl),
          text: i18n.t("signin.forgotPassword"),
        },
        { href: accountPageUrl(baseUrl, "signup", model.callbackUrl), text: i18n.t("signin.createAccount") },
      ],
    }),
  );
}

const isButtonOnly = (provider: PageProvider | undefined): boolean =>
  provider?.type === "oauth" || provider?.type === "oidc";

/** OAuth/OIDC buttons that follow each other share a group; each email, credentials or password form is its own. */
function groupProviders(providers: readonly PageProvider[]): Indexed[][] {
  const groups: Indexed[][] = [];
  providers.forEach((provider, index) => {
    const last = groups.at(-1);
    if (last && isButtonOnly(provider) && isButtonOnly(last[0]?.provider)) last.push({ provider, index });
    else groups.push([{ provider, index }]);
  });
  return groups;
}

/**
 * GET BASE/signin: one form per provider, separated into groups by <hr>; with passkeys on, the
 * passkey button first (shown by the page's script where the browser supports passkeys).
 */
export function signInPage(model: SignInModel, context: PageContext): PageView {
  const { i18n } = context;
  const error = inlineError(i18n, model.error, "signin.failed");
  const notice = noticeMessage(i18n, model.notice);
  const sections = groupProviders(model.providers).flatMap((group, i) => [
    i > 0 ? h("hr", { key: `hr-${i}` }) : null,
    h(
      "div",
      { key: `group-${i}`, className: "stack" },
      group.map((item) =>
        h(item.provider.type === "password" ? PasswordForm : ProviderForm, {
          key: item.index,
          ...item,
          model,
          baseUrl: context.baseUrl,
          i18n,
          error,
        }),
      ),
    ),
  ]);
  const content = h(
    "div",
    null,
    h("h1", null, i18n.t("signin.title")),
    notice ? h("div", { className: "notice", role: "status" }, notice) : null,
    error ? h(ErrorBox, { id: ERROR_BOX_ID, message: error.message }) : null,
    model.passkeys
      ? h(PasskeySignIn, {
          i18n,
          baseUrl: context.baseUrl,
          csrfToken: model.csrfToken,
          callbackUrl: model.callbackUrl,
          signUp: model.passkeys.signUp === true,
          separator: sections.length > 0,
        })
      : null,
    sections.length > 0 || model.passkeys ? sections : h("p", null, i18n.t("signin.noMethods")),
  );
  return {
    title: i18n.t("signin.title"),
    status: 200,
    content,
    css: themeCss(context.theme, model.providers),
    ...(model.passkeys ? { script: PASSKEY_SCRIPT } : {}),
  };
}
