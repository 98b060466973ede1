import { signIn } from "@gatehouse/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ChangeEvent, type FormEvent, useEffect, useId, useRef, useState } from "react";
import { reauthenticate } from "../../api/account.ts";
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
    onError: (error) => fail(error.message),
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
    if (!entered) return fail(proof === "code" ? "Enter a code." : "Enter your password.");
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
        <h2 id={`${id}-title`}>Confirm it’s you</h2>
        <p id={`${id}-why`}>
          This change protects your account, so we check it is still you.{" "}
          {proof === "password" && "Enter your password to go on."}
          {proof === "code" && "Enter the code your authenticator app shows, or one of your backup codes."}
          {proof === null && "Sign in again to go on: then try the change once more."}
        </p>

        {proof === "password" && (
          <TextField
            id={`${id}-password`}
            label="Password"
            type="password"
            autoComplete="current-password"
            {...field}
          />
        )}
        {proof === "code" && (
          <CodeField
            id={`${id}-code`}
            label="Code"
            hint="6 digits from the app, or a backup code such as abcde-12345."
            {...field}
          />
        )}

        {canSwitch && proof !== null && (
          <p className="dialog-switch">
            <button
              type="button"
              className="link-button"
              onClick={() => switchTo(proof === "password" ? "code" : "password")}
            >
              {proof === "password"
                ? "Use a code from your authenticator app instead"
                : "Use your password instead"}
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
              Sign in again
            </button>
          ) : (
            <SubmitButton pending={mutation.isPending} pendingLabel="Checking…">
              Continue
            </SubmitButton>
          )}
        </ActionRow>
      </form>
    </dialog>
  );
}
