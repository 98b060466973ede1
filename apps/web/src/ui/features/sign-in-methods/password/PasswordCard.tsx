import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
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
  const { t } = useTranslation("account");
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
    <Card title={t("password.title")} className="security-card" headingRef={heading}>
      <Notice tone="success">{notice}</Notice>
      <QueryStatus query={account} loading={t("password.loading")} failed={t("password.failed")} />
      {account.data && (
        <>
          <p className="status-line" data-testid="password-status">
            {!offered ? t("password.notOffered") : hasPassword ? t("password.has") : t("password.none")}
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
                {hasPassword ? t("password.change") : t("password.set")}
              </button>
            </div>
          )}
          {open &&
            (hasPassword ? (
              <ChangePasswordForm onDone={() => done(t("password.changed"))} onCancel={close} />
            ) : (
              <SetPasswordForm onDone={() => done(t("password.isSet"))} onCancel={close} />
            ))}
        </>
      )}
    </Card>
  );
}
