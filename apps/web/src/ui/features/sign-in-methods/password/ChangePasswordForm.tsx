import { changePassword } from "@gatehouse/react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { ErrorSummary, type FormProblem } from "../../../components/ErrorSummary.tsx";
import { TextField } from "../../../components/TextField.tsx";
import { passwordMessage } from "./password-message.ts";

/** Current and new password; the server checks the new one (length, breached lists). */
export function ChangePasswordForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const id = useId();
  const first = useRef<HTMLInputElement>(null);
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [problems, setProblems] = useState<FormProblem[]>([]);
  const [pending, setPending] = useState(false);
  const currentId = `${id}-current`;
  const nextId = `${id}-new`;

  useEffect(() => first.current?.focus(), []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: FormProblem[] = [];
    if (!current) found.push({ field: currentId, message: "Enter your current password." });
    if (!next) found.push({ field: nextId, message: "Enter a new password." });
    setProblems(found);
    if (found.length > 0) return;
    setPending(true);
    const result = await changePassword({ currentPassword: current, newPassword: next });
    setPending(false);
    if (result.ok) return onDone();
    const field = result.error === "CurrentPasswordIncorrect" ? currentId : nextId;
    setProblems([{ field, message: passwordMessage(result) }]);
  }

  const errorOf = (field: string) => problems.find((problem) => problem.field === field)?.message ?? null;
  return (
    <form className="inline-form" onSubmit={submit} noValidate>
      <ErrorSummary problems={problems} />
      <TextField
        id={currentId}
        inputRef={first}
        label="Current password"
        type="password"
        autoComplete="current-password"
        value={current}
        onChange={(event) => setCurrent(event.target.value)}
        error={errorOf(currentId)}
      />
      <TextField
        id={nextId}
        label="New password"
        hint="At least 8 characters. A few unusual words make a strong one."
        type="password"
        autoComplete="new-password"
        value={next}
        onChange={(event) => setNext(event.target.value)}
        error={errorOf(nextId)}
      />
      <div className="actions actions-compact">
        <button type="submit" className="button" disabled={pending}>
          {pending ? "Saving…" : "Change password"}
        </button>
        <button type="button" className="button button-quiet" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
