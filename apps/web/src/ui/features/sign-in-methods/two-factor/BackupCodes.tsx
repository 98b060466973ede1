import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Notice } from "../../../components/Notice.tsx";

/** The backup codes as a text file, for the "Download" button: a title and a note, then the codes. */
function download(codes: string[], words: { title: string; note: string }): void {
  const text = `${words.title}\n${words.note}\n\n${codes.join("\n")}\n`;
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = "gatehouse-backup-codes.txt";
  link.click();
  // After the click has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The ten backup codes, shown once, with copy and download; `onDone` when the person has kept them. */
export function BackupCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation("account");
  const heading = useRef<HTMLHeadingElement>(null);
  const [notice, setNotice] = useState<string | null>(null);

  // They appear in place of the form that was just sent: take the reader to them.
  useEffect(() => heading.current?.focus(), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join("\n"));
      setNotice(t("twoFactor.backup.copied"));
    } catch {
      setNotice(t("twoFactor.backup.copyRefused"));
    }
  }

  return (
    <div className="backup-codes-panel">
      <h4 ref={heading} tabIndex={-1}>
        {t("twoFactor.backup.heading")}
      </h4>
      <p>{t("twoFactor.backup.intro")}</p>
      <ul className="backup-codes" aria-label={t("twoFactor.backup.list")} data-testid="backup-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="actions actions-compact">
        <button type="button" className="button button-quiet" onClick={copy}>
          {t("twoFactor.backup.copy")}
        </button>
        <button
          type="button"
          className="button button-quiet"
          onClick={() =>
            download(codes, { title: t("twoFactor.backup.fileTitle"), note: t("twoFactor.backup.fileNote") })
          }
        >
          {t("twoFactor.backup.download")}
        </button>
      </div>
      <Notice tone="success">{notice}</Notice>
      <div className="actions">
        <button type="button" className="button" onClick={onDone}>
          {t("twoFactor.backup.saved")}
        </button>
      </div>
    </div>
  );
}
