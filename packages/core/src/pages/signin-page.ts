import { errorCatalogue, toErrorCode } from "../errors/catalogue.ts";
import type { CredentialInput } from "../providers/types.ts";
import { ErrorBox } from "./error-box.ts";
import { HiddenFields } from "./hidden-fields.ts";
import { h, type MarkupElement } from "./lib/h.ts";
import type { PageContext, PageModel, PageProvider, PageView } from "./page-model.ts";
import { providerClassName, safeImageUrl, themeCss } from "./theme.ts";

type SignInModel = Extract<PageModel, { page: "signin" }>;
type Indexed = { provider: PageProvider; index: number };
interface FormProps extends Indexed {
  model: SignInModel;
  baseUrl: string;
}

/** The message for `?error=`: the catalogue's for sign-in codes, a generic one for anything else. */
function signInMessage(error: unknown): string {
  const code = toErrorCode(error);
  return code && errorCatalogue[code].surface === "signin"
    ? errorCatalogue[code].message
    : "Unable to sign in.";
}

function action(baseUrl: string, step: "signin" | "callback", id: string): string {
  return `${baseUrl}/${step}/${encodeURIComponent(id)}`;
}

function SubmitButton({ provider, index }: Indexed): MarkupElement {
  const logo = safeImageUrl(provider.style?.logo);
  return h(
    "button",
    { type: "submit", className: `button ${providerClassName(index)}` },
    logo ? h("img", { src: logo, alt: "" }) : null,
    h("span", null, `Sign in with ${provider.name}`),
  );
}

function Field(props: {
  id: string;
  name: string;
  input: CredentialInput;
  defaultValue?: string;
}): MarkupElement {
  const { input } = props;
  return h(
    "div",
    { className: "field" },
    h("label", { htmlFor: props.id }, input.label || props.name),
    h("input", {
      id: props.id,
      name: props.name,
      type: input.type || "text",
      placeholder: input.placeholder,
      autoComplete: input.autocomplete,
      required: input.required,
      defaultValue: props.defaultValue,
    }),
  );
}

function ProviderForm({ provider, index, model, baseUrl }: FormProps): MarkupElement {
  const fields: MarkupElement[] = [];
  if (provider.type === "email") {
    const input = { label: "Email", type: "email", placeholder: "email@example.com", autocomplete: "email" };
    const id = `input-email-for-${provider.id}-provider`;
    fields.push(
      h(Field, {
        key: "email",
        id,
        name: "email",
        input: { ...input, required: true },
        defaultValue: model.email,
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
    { method: "post", action: action(baseUrl, step, provider.id), className: "stack" },
    h(HiddenFields, { csrfToken: model.csrfToken, callbackUrl: model.callbackUrl }),
    ...fields,
    h(SubmitButton, { provider, index }),
  );
}

const isButtonOnly = (provider: PageProvider | undefined): boolean =>
  provider?.type === "oauth" || provider?.type === "oidc";

/** OAuth/OIDC buttons that follow each other share a group; each email or credentials form is its own. */
function groupProviders(providers: readonly PageProvider[]): Indexed[][] {
  const groups: Indexed[][] = [];
  providers.forEach((provider, index) => {
    const last = groups.at(-1);
    if (last && isButtonOnly(provider) && isButtonOnly(last[0]?.provider)) last.push({ provider, index });
    else groups.push([{ provider, index }]);
  });
  return groups;
}

/** GET BASE/signin: one form per provider, separated into groups by <hr>. */
export function signInPage(model: SignInModel, context: PageContext): PageView {
  const sections = groupProviders(model.providers).flatMap((group, i) => [
    i > 0 ? h("hr", { key: `hr-${i}` }) : null,
    h(
      "div",
      { key: `group-${i}`, className: "stack" },
      group.map((item) => h(ProviderForm, { key: item.index, ...item, model, baseUrl: context.baseUrl })),
    ),
  ]);
  const content = h(
    "div",
    null,
    h("h1", null, "Sign in"),
    model.error ? h(ErrorBox, { message: signInMessage(model.error) }) : null,
    sections.length > 0 ? sections : h("p", null, "No sign-in methods are configured."),
  );
  return { title: "Sign in", status: 200, content, css: themeCss(context.theme, model.providers) };
}
