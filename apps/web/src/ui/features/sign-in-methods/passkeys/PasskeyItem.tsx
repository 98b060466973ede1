import { deletePasskey, type PasskeyInfo, renamePasskey } from "@gatehouse/react/passkeys";
import { type FormEvent, useId, useRef, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { ActionRow } from "../../../components/ActionRow.tsx";
import { ConfirmPanel } from "../../../components/ConfirmPanel.tsx";
import { SubmitButton } from "../../../components/SubmitButton.tsx";
import { useFocusOnChange } from "../../../lib/use-focus-on-change.ts";
import { useFormat } from "../../../lib/use-format.ts";
import { usePending } from "../../../lib/use-pending.ts";
import { useResultWithReauth } from "../../reauth/ReauthProvider.tsx";
import { usePasskeyMessage } from "../messages.ts";
import { PasskeyNameField } from "./PasskeyNameField.tsx";

type Mode = "view" | "rename" | "delete";

interface PasskeyItemProps {
  passkey: PasskeyInfo;
  /** After a rename or a delete: the list reloads and says what happened. */
  onChanged: (message: string, removed: boolean) => void;
}

/** One passkey: its name and dates, and rename and delete (with a confirmation) in place. */
export function PasskeyItem({ passkey, onChanged }: PasskeyItemProps) {
  const { t } = useTranslation("account");
  const { t: common } = useTranslation("common");
  const format = useFormat();
  const passkeyMessage = usePasskeyMessage();
  const id = useId();
  const [mode, setMode] = useState<Mode>("view");
  const [name, setName] = useState(passkey.name);
  const [pending, track] = usePending();
  const [error, setError] = useState<string | null>(null);
  const runWithReauth = useResultWithReauth();
  const renameButton = useRef<HTMLButtonElement>(null);
  const renameInput = useRef<HTMLInputElement>(null);

  // Focus follows the change of mode: into the form (the confirmation takes it itself), and back to
  // Rename after.
  useFocusOnChange(
    mode,
    (now) => ({ view: renameButton.current, rename: renameInput.current, delete: null })[now],
  );

  function show(next: Mode) {
    setError(null);
    setName(passkey.name);
    setMode(next);
  }

  async function rename(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = name.replace(/\s+/g, " ").trim();
    if (!trimmed) return setError(t("passkeys.enterName"));
    const result = await track(() => renamePasskey(passkey.id, trimmed));
    if (!result.ok) return setError(passkeyMessage(result));
    setMode("view");
    onChanged(t("passkeys.renamed", { name: trimmed }), false);
  }

  async function remove() {
    const result = await track(() => runWithReauth(() => deletePasskey(passkey.id)));
    if (result === null) return;
    // Gone already (another tab deleted it): the list reloads either way.
    if (!result.ok && result.error !== "PasskeyNotFound") return setError(passkeyMessage(result));
    onChanged(t("passkeys.deleted", { name: passkey.name }), true);
  }

  return (
    <li className="item" data-testid="passkey-item">
      <div className="item-summary">
        <p className="item-name" id={`${id}-name`}>
          {passkey.name}
        </p>
        <ul className="item-meta">
          <li>
            <Trans
              t={t}
              i18nKey="passkeys.addedOn"
              values={{ date: format.date(passkey.createdAt) }}
              components={{ time: <time dateTime={passkey.createdAt} /> }}
            />
          </li>
          <li>
            {passkey.lastUsedAt ? (
              <Trans
                t={t}
                i18nKey="passkeys.lastUsedOn"
                values={{ date: format.date(passkey.lastUsedAt) }}
                components={{ time: <time dateTime={passkey.lastUsedAt} /> }}
              />
            ) : (
              t("passkeys.notUsed")
            )}
          </li>
          <li>{passkey.backedUp ? t("passkeys.synced") : t("passkeys.oneDevice")}</li>
        </ul>
      </div>

      {mode === "view" && (
        <div className="actions actions-compact">
          <button
            ref={renameButton}
            type="button"
            className="button button-quiet"
            aria-describedby={`${id}-name`}
            onClick={() => show("rename")}
          >
            {t("passkeys.rename")}
          </button>
          <button
            type="button"
            className="button button-quiet button-danger"
            aria-describedby={`${id}-name`}
            onClick={() => show("delete")}
          >
            {t("passkeys.delete")}
          </button>
        </div>
      )}

      {mode === "rename" && (
        <form className="inline-form" onSubmit={rename} noValidate>
          <PasskeyNameField
            id={`${id}-rename`}
            inputRef={renameInput}
            label={t("passkeys.newName", { name: passkey.name })}
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={error}
            announce
          />
          <ActionRow compact onCancel={() => show("view")}>
            <SubmitButton pending={pending}>{t("passkeys.saveName")}</SubmitButton>
          </ActionRow>
        </form>
      )}

      {mode === "delete" && (
        <ConfirmPanel
          confirmLabel={t("passkeys.confirmDelete")}
          cancelLabel={common("actions.keep")}
          pending={pending}
          error={error}
          onConfirm={remove}
          onCancel={() => show("view")}
        >
          {t("passkeys.deleteQuestion", { name: passkey.name })}
        </ConfirmPanel>
      )}
    </li>
  );
}
