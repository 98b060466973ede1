import { signIn } from "@gatehouse/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ChangeEvent, type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { reauthenticate } from "../../api/account.ts";
import { useErrorMessage } from "../../api/error-message.ts";
import { accountQuery, queryKeys } from "../../api/queries.ts";
import { ActionRow } from "../../components/ActionRow.tsx";
import { CodeField } from "../../components/CodeField.tsx";
import { SubmitButton } from "../../components/SubmitButton.tsx";
import { TextField } from "../../components/TextField.tsx";
import { useFieldError } from "../../lib/use-field-error.ts";

type Proof = "password" | "code";

/**
 * "Confirm it's you": a modal dialog that asks for the password (or, without one, a code of the
 * authenticator app), posts `reauthenticate`, and reports whether it worked. A person with neither is
 * offered a fresh sign-in, which makes the sign-in recent too.
 */
export function ReauthDialog({ onDone }: { onDone: (confirmed: boolean) => void }) {
  const { t } = useTranslation("account");
  const { t: common } = useTranslation("common");
  const say = useErrorMessage();
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const queryClient = useQueryClient();
  const account = useQuery(accountQuery);
  const methods = account.data?.methods;
  // Until the account is known (or when it cannot be read), the password is the likelier proof.
  const [choice, setChoice] = useState<Proof | null>(null);
  const proof: Proof | null =
    choice ?? (!methods || methods.password ? "password" : methods.twoFactor ? "code" : null);
  const canSwitch = methods ? methods.password && methods.twoFactor : true;
  const [value, setValue] = useState("");
  const { input, error, fail, clear } = useFieldError();

  const mutation = useMutation({
    mutationFn: (sent: { password: string } | { code: string }) => reauthenticate(sent),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.account });
      onDone(true);
    },
    onError: (error) => fail(say(error)),
  });

  // A modal <dialog>: the page behind is inert, Escape cancels; focus goes back where it was.
  useEffect(() => {
    const element = dialog.current;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (element && !element.open) element.showModal();
    return () => {
      element?.close();
      before?.focus();
    };
  }, []);

  useEffect(() => {
    if (proof) input.current?.focus();
  }, [proof, input]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const entered = proof === "code" ? value.replace(/\s+/g, "") : value;
    if (!entered) return fail(proof === "code" ? t("reauth.enterCode") : t("reauth.enterPassword"));
    clear();
    mutation.mutate(proof === "code" ? { code: entered } : { password: entered });
  }

  function switchTo(next: Proof) {
    setChoice(next);
    setValue("");
    clear();
  }

  const field = {
    inputRef: input,
    value,
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(event.target.value),
    error,
    announce: true,
  };

  return (
    <dialog
      ref={dialog}
      className="dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-why`}
      onCancel={(event) => {
        event.preventDefault();
        onDone(false);
      }}
    >
      <form onSubmit={submit} noValidate>
        <h2 id={`${id}-title`}>{t("reauth.title")}</h2>
        <p id={`${id}-why`}>
          {t("reauth.why")} {proof === "password" && t("reauth.withPassword")}
          {proof === "code" && t("reauth.withCode")}
          {proof === null && t("reauth.signInAgain")}
        </p>

        {proof === "password" && (
          <TextField
            id={`${id}-password`}
            label={t("reauth.password")}
            type="password"
            autoComplete="current-password"
            {...field}
          />
        )}
        {proof === "code" && (
          <CodeField id={`${id}-code`} label={t("reauth.code")} hint={t("reauth.codeHint")} {...field} />
        )}

        {canSwitch && proof !== null && (
          <p className="dialog-switch">
            <button
              type="button"
              className="link-button"
              onClick={() => switchTo(proof === "password" ? "code" : "password")}
            >
              {proof === "password" ? t("reauth.useCode") : t("reauth.usePassword")}
            </button>
          </p>
        )}

        <ActionRow onCancel={() => onDone(false)}>
          {proof === null ? (
            <button
              type="button"
              className="button"
              onClick={() => signIn(undefined, { callbackUrl: window.location.href })}
            >
              {common("actions.signInAgain")}
            </button>
          ) : (
            <SubmitButton pending={mutation.isPending} pendingLabel={common("actions.checking")}>
              {common("actions.continue")}
            </SubmitButton>
          )}
        </ActionRow>
      </form>
    </dialog>
  );
}
