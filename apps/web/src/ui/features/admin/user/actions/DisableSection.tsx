import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { disableUser, enableUser } from "../../../../api/admin.ts";
import { ActionRow } from "../../../../components/ActionRow.tsx";
import { SubmitButton } from "../../../../components/SubmitButton.tsx";
import { TextField } from "../../../../components/TextField.tsx";
import { useFocusOnChange } from "../../../../lib/use-focus-on-change.ts";
import { useAdminText, userLabel } from "../../use-admin-text.ts";
import type { SectionProps } from "../ActionsCard.tsx";
import { ActionSection } from "./ActionSection.tsx";

/**
 * "Disable account": opens a small form for an optional reason (the audit log keeps it); the server
 * ends the user's sessions at once and refuses their sign-in from then on.
 */
export function DisableSection({ user, onDone }: SectionProps) {
  const { t } = useTranslation("admin");
  const { t: tc } = useTranslation("common");
  const text = useAdminText();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const opener = useRef<HTMLButtonElement>(null);
  const field = useRef<HTMLInputElement>(null);
  useFocusOnChange(open, (now) => (now ? field.current : opener.current));

  const disable = useMutation({
    mutationFn: () => disableUser({ id: user.id, reason }),
    onSuccess: (answer) => onDone(t("user.actions.disable.done", { user: userLabel(user) }), answer),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    disable.mutate();
  }

  return (
    <ActionSection title={t("user.actions.disable.title")} testId="admin-disable">
      <p>{t("user.actions.disable.explain")}</p>
      {!open ? (
        <div className="actions actions-compact">
          <button
            ref={opener}
            type="button"
            className="button button-quiet button-danger"
            onClick={() => {
              disable.reset();
              setOpen(true);
            }}
          >
            {t("user.actions.disable.open")}
          </button>
        </div>
      ) : (
        <form onSubmit={submit} noValidate>
          <TextField
            id={`${id}-reason`}
            inputRef={field}
            label={t("user.actions.disable.reason")}
            hint={t("user.actions.disable.reasonHint")}
            maxLength={500}
            autoComplete="off"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          {disable.isError && (
            <p className="field-error" role="alert">
              {text.error(disable.error)}
            </p>
          )}
          <ActionRow compact cancelLabel={tc("actions.cancel")} onCancel={() => setOpen(false)}>
            <SubmitButton pending={disable.isPending} pendingLabel={t("user.actions.disable.pending")} danger>
              {t("user.actions.disable.submit")}
            </SubmitButton>
          </ActionRow>
        </form>
      )}
    </ActionSection>
  );
}

/** "Enable account" for a disabled user: no question, it only gives back what they had. */
export function EnableSection({ user, onDone }: SectionProps) {
  const { t } = useTranslation("admin");
  const text = useAdminText();
  const enable = useMutation({
    mutationFn: () => enableUser(user.id),
    onSuccess: (answer) => onDone(t("user.actions.enable.done", { user: userLabel(user) }), answer),
  });
  return (
    <ActionSection title={t("user.actions.enable.title")} testId="admin-enable">
      <p>
        {t("user.actions.enable.explain", { time: user.disabledAt ? text.dateTime(user.disabledAt) : "" })}
      </p>
      <div className="actions actions-compact">
        <button type="button" className="button" disabled={enable.isPending} onClick={() => enable.mutate()}>
          {enable.isPending ? t("user.actions.enable.pending") : t("user.actions.enable.submit")}
        </button>
      </div>
      {enable.isError && (
        <p className="field-error" role="alert">
          {text.error(enable.error)}
        </p>
      )}
    </ActionSection>
  );
}
