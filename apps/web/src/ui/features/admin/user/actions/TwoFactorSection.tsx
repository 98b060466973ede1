import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { removeTwoFactor } from "../../../../api/admin.ts";
import { ActionRow } from "../../../../components/ActionRow.tsx";
import { SubmitButton } from "../../../../components/SubmitButton.tsx";
import { TextField } from "../../../../components/TextField.tsx";
import { useFieldError } from "../../../../lib/use-field-error.ts";
import { useFocusOnChange } from "../../../../lib/use-focus-on-change.ts";
import { useAdminText, userLabel } from "../../use-admin-text.ts";
import type { SectionProps } from "../ActionsCard.tsx";
import { ActionSection } from "./ActionSection.tsx";

/**
 * "Remove two-factor": for someone locked out of their second step. A reason is required — how the
 * administrator made sure it is them — as removing it weakens the account; the audit log keeps it.
 */
export function TwoFactorSection({ user, onDone }: SectionProps) {
  const { t } = useTranslation("admin");
  const { t: tc } = useTranslation("common");
  const text = useAdminText();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const opener = useRef<HTMLButtonElement>(null);
  const { input, error, fail, clear } = useFieldError();
  useFocusOnChange(open, (now) => (now ? input.current : opener.current));

  const remove = useMutation({
    mutationFn: () => removeTwoFactor({ id: user.id, reason }),
    onSuccess: () => onDone(t("user.actions.twoFactor.done", { user: userLabel(user) })),
    onError: (failure) => fail(text.error(failure)),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!reason.trim()) return fail(t("user.actions.twoFactor.missing"));
    clear();
    remove.mutate();
  }

  return (
    <ActionSection title={t("user.actions.twoFactor.title")} testId="admin-two-factor">
      <p>{t("user.actions.twoFactor.explain")}</p>
      {!open ? (
        <div className="actions actions-compact">
          <button
            ref={opener}
            type="button"
            className="button button-quiet button-danger"
            onClick={() => {
              clear();
              setOpen(true);
            }}
          >
            {t("user.actions.twoFactor.open")}
          </button>
        </div>
      ) : (
        <form onSubmit={submit} noValidate>
          <TextField
            id={`${id}-reason`}
            inputRef={input}
            label={t("user.actions.twoFactor.reason")}
            hint={t("user.actions.twoFactor.reasonHint")}
            maxLength={500}
            autoComplete="off"
            required
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            error={error}
            announce
          />
          <ActionRow compact cancelLabel={tc("actions.cancel")} onCancel={() => setOpen(false)}>
            <SubmitButton
              pending={remove.isPending}
              pendingLabel={t("user.actions.twoFactor.pending")}
              danger
            >
              {t("user.actions.twoFactor.submit")}
            </SubmitButton>
          </ActionRow>
        </form>
      )}
    </ActionSection>
  );
}
