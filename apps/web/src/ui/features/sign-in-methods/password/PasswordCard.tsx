import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { queryKeys } from "../../../api/queries.ts";
import { Card } from "../../../components/Card.tsx";
import { Notice } from "../../../components/Notice.tsx";
import { QueryStatus } from "../../../components/QueryStates.tsx";
import { useProviders } from "../../../use-providers.ts";
import { useAccount } from "../../account/use-account.ts";
import { ChangePasswordForm } from "./ChangePasswordForm.tsx";
import { SetPasswordForm } from "./SetPasswordForm.tsx";

/** The account's password: change it when there is one, set one when there is none. */
export function PasswordCard() {
  const account = useAccount();
  const providers = useProviders();
  // Without the Password provider (no mail, or AUTH_PASSWORD=false) there is nothing to set or change.
  const offered = providers === null || "password" in providers;
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const opener = useRef<HTMLButtonElement>(null);

  function close() {
    setOpen(false);
    // The form took the focus; the button that opened it is back.
    queueMicrotask(() => opener.current?.focus());
  }

  async function done(message: string) {
    setOpen(false);
    setNotice(message);
    await Promise.all(
      [queryKeys.account, queryKeys.sessions, queryKeys.activity].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
    heading.current?.focus();
  }

  const hasPassword = account.data?.methods.password;
  return (
    <Card title="Password" className="security-card" headingRef={heading}>
      <Notice tone="success">{notice}</Notice>
      <QueryStatus
        query={account}
        loading="Checking your password…"
        failed="Your sign-in methods could not be loaded."
      />
      {account.data && (
        <>
          <p className="status-line" data-testid="password-status">
            {!offered
              ? "This site does not offer signing in with a password."
              : hasPassword
                ? "You can sign in with your email address and your password."
                : "You have no password. Set one to sign in with your email address and a password too."}
          </p>
          {offered && !open && (
            <div className="actions">
              <button
                ref={opener}
                type="button"
                className="button button-quiet"
                onClick={() => {
                  setNotice(null);
                  setOpen(true);
                }}
              >
                {hasPassword ? "Change password" : "Set a password"}
              </button>
            </div>
          )}
          {open &&
            (hasPassword ? (
              <ChangePasswordForm
                onDone={() => done("Your password is changed. Your other sessions were signed out.")}
                onCancel={close}
              />
            ) : (
              <SetPasswordForm onDone={() => done("Your password is set.")} onCancel={close} />
            ))}
        </>
      )}
    </Card>
  );
}
