import { useMutation } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { type ProviderRef, unlinkProvider } from "../../../api/account.ts";
import { isApiError } from "../../../api/api-error.ts";
import { useWithReauth } from "../../reauth/ReauthProvider.tsx";

/** One linked provider account, with "Unlink" and its confirmation in place. */
export function LinkedAccountItem({
  provider,
  onUnlinked,
}: {
  provider: ProviderRef;
  onUnlinked: (name: string) => void;
}) {
  const id = useId();
  const [confirming, setConfirming] = useState(false);
  const confirmText = useRef<HTMLParagraphElement>(null);
  const unlinkButton = useRef<HTMLButtonElement>(null);
  const withReauth = useWithReauth();
  const unlink = useMutation({
    mutationFn: () => withReauth(() => unlinkProvider(provider.id)),
    onSuccess: () => onUnlinked(provider.name),
  });

  // Focus follows the confirmation in and out.
  const previous = useRef(confirming);
  useEffect(() => {
    if (previous.current === confirming) return;
    previous.current = confirming;
    (confirming ? confirmText : unlinkButton).current?.focus();
  }, [confirming]);

  const error =
    unlink.isError && !isApiError(unlink.error, "ReauthenticationCancelled") ? unlink.error : null;
  return (
    <li className="item" data-testid="linked-account">
      <div className="item-summary">
        <p className="item-name" id={`${id}-name`}>
          {provider.name}
        </p>
      </div>
      {!confirming ? (
        <div className="actions actions-compact">
          <button
            ref={unlinkButton}
            type="button"
            className="button button-quiet button-danger"
            aria-describedby={`${id}-name`}
            onClick={() => {
              unlink.reset();
              setConfirming(true);
            }}
          >
            Unlink
          </button>
        </div>
      ) : (
        <div className="confirm">
          <p ref={confirmText} tabIndex={-1}>
            Unlink your {provider.name} account? You will no longer be able to sign in with it. You can link
            it again later.
          </p>
          {error && (
            <p className="field-error" role="alert">
              {error.message}
            </p>
          )}
          <div className="actions actions-compact">
            <button
              type="button"
              className="button button-danger-solid"
              disabled={unlink.isPending}
              onClick={() => unlink.mutate()}
            >
              Unlink {provider.name}
            </button>
            <button type="button" className="button button-quiet" onClick={() => setConfirming(false)}>
              Keep it
            </button>
          </div>
        </div>
      )}
    </li>
  );
}
