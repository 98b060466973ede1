import { signIn } from "@gatehouse/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { reauthenticate } from "../../api/account.ts";
import { accountQuery, queryKeys } from "../../api/queries.ts";
import { TextField } from "../../components/TextField.tsx";

type Proof = "password" | "code";

/**
 * "Confirm it's you": a modal dialog that asks for the password (or, without one, a code of the
 * authenticator app), posts `reauthenticate`, and reports whether it worked. A person with neither is
 * offered a fresh sign-in, which makes the sign-in recent too.
 */
export function ReauthDialog({ onDone }: { onDone: (confirmed: boolean) => void }) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const account = useQuery(accountQuery);
  const methods = account.data?.methods;
  // Until the account is known (or when it cannot be read), the password is the likelier proof.
  const [choice, setChoice] = useState<Proof | null>(null);
  const proof: Proof | null =
    choice ?? (!methods || methods.password ? "password" : methods.twoFactor ? "code" : null);
  const canSwitch = methods ? methods.password && methods.twoFactor : true;
  const [value, setValue] = useState("");
  const [problem, setProblem] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: (sent: { password: string } | { code: string }) => reauthenticate(sent),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.account });
      onDone(true);
    },
    onError: (error) => {
      setProblem(error.message);
      input.current?.focus();
    },
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
  }, [proof]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const entered = proof === "code" ? value.replace(/\s+/g, "") : value;
    if (!entered) {
      setProblem(proof === "code" ? "Enter a code." : "Enter your password.");
      input.current?.focus();
      return;
    }
    setProblem(null);
    mutation.mutate(proof === "code" ? { code: entered } : { password: entered });
  }

  function switchTo(next: Proof) {
    setChoice(next);
    setValue("");
    setProblem(null);
  }

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
            inputRef={input}
            label="Password"
            type="password"
            autoComplete="current-password"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            error={problem}
            announce
          />
        )}
        {proof === "code" && (
          <TextField
            id={`${id}-code`}
            inputRef={input}
            label="Code"
            hint="6 digits from the app, or a backup code such as abcde-12345."
            className="code-input"
            type="text"
            inputMode="text"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={11}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            error={problem}
            announce
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

        <div className="actions">
          {proof === null ? (
            <button
              type="button"
              className="button"
              onClick={() => signIn(undefined, { callbackUrl: window.location.href })}
            >
              Sign in again
            </button>
          ) : (
            <button type="submit" className="button" disabled={mutation.isPending}>
              {mutation.isPending ? "Checking…" : "Continue"}
            </button>
          )}
          <button type="button" className="button button-quiet" onClick={() => onDone(false)}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  );
}
