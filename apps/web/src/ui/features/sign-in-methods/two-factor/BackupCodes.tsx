import { useEffect, useRef, useState } from "react";
import { Notice } from "../../../components/Notice.tsx";

/** The backup codes as a text file, for the "Download" button. */
function download(codes: string[]): void {
  const text = `Gatehouse backup codes\nEach code signs you in once. Keep this file somewhere safe.\n\n${codes.join("\n")}\n`;
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
  const heading = useRef<HTMLHeadingElement>(null);
  const [notice, setNotice] = useState<string | null>(null);

  // They appear in place of the form that was just sent: take the reader to them.
  useEffect(() => heading.current?.focus(), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join("\n"));
      setNotice("Backup codes copied.");
    } catch {
      setNotice("Your browser did not allow copying. Select the codes and copy them, or download them.");
    }
  }

  return (
    <div className="backup-codes-panel">
      <h4 ref={heading} tabIndex={-1}>
        Save your backup codes
      </h4>
      <p>
        If you lose your phone, each code lets you sign in once instead of a code from the app. They are shown
        only now: copy them, download them or write them down, and keep them somewhere safe.
      </p>
      <ul className="backup-codes" aria-label="Backup codes" data-testid="backup-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="actions actions-compact">
        <button type="button" className="button button-quiet" onClick={copy}>
          Copy codes
        </button>
        <button type="button" className="button button-quiet" onClick={() => download(codes)}>
          Download codes
        </button>
      </div>
      <Notice tone="success">{notice}</Notice>
      <div className="actions">
        <button type="button" className="button" onClick={onDone}>
          I have saved my backup codes
        </button>
      </div>
    </div>
  );
}
