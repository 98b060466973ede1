import { changePassword } from "@gatehouse/react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ActionRow } from "../../../components/ActionRow.tsx";
import { ErrorSummary, type FormProblem, problemOf } from "../../../components/ErrorSummary.tsx";
import { SubmitButton } from "../../../components/SubmitButton.tsx";
import { TextField } from "../../../components/TextField.tsx";
import { usePending } from "../../../lib/use-pending.ts";
import { passwordMessage, useFailureWords } from "../messages.ts";
import { NewPasswordField } from "./NewPasswordField.tsx";

/** Current and new password; the server checks the new one (length, breached lists). */
export function ChangePasswordForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const words = useFailureWords();
  const { t: common } = useTranslation("common");
  const { t } = words;
  const id = useId();
  const first = useRef<HTMLInputElement>(null);
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [problems, setProblems] = useState<FormProblem[]>([]);
  const [pending, track] = usePending();
  const currentId = `${id}-current`;
  const nextId = `${id}-new`;

  useEffect(() => first.current?.focus(), []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: FormProblem[] = [];
    if (!current) found.push({ field: currentId, message: t("password.enterCurrent") });
    if (!next) found.push({ field: nextId, message: t("password.enterNew") });
    setProblems(found);
    if (found.length > 0) return;
    const result = await track(() => changePassword({ currentPassword: current, newPassword: next }));
    if (result.ok) return onDone();
    const field = result.error === "CurrentPasswordIncorrect" ? currentId : nextId;
    setProblems([{ field, message: passwordMessage(result, words) }]);
  }

  return (
    <form className="inline-form" onSubmit={submit} noValidate>
      <ErrorSummary problems={problems} />
      <TextField
        id={currentId}
        inputRef={first}
        label={t("password.current")}
        type="password"
        autoComplete="current-password"
        value={current}
        onChange={(event) => setCurrent(event.target.value)}
        error={problemOf(problems, currentId)}
      />
      <NewPasswordField
        id={nextId}
        value={next}
        onChange={(event) => setNext(event.target.value)}
        error={problemOf(problems, nextId)}
      />
      <ActionRow compact onCancel={onCancel}>
        <SubmitButton pending={pending} pendingLabel={common("actions.saving")}>
          {t("password.change")}
        </SubmitButton>
      </ActionRow>
    </form>
  );
}
