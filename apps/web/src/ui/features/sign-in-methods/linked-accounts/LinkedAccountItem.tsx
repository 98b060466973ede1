import { useMutation } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { type ProviderRef, unlinkProvider } from "../../../api/account.ts";
import { isApiError } from "../../../api/api-error.ts";
import { useErrorMessage } from "../../../api/error-message.ts";
import { ConfirmPanel } from "../../../components/ConfirmPanel.tsx";
import { useFocusOnChange } from "../../../lib/use-focus-on-change.ts";
import { useWithReauth } from "../../reauth/ReauthProvider.tsx";

/** One linked provider account, with "Unlink" and its confirmation in place. */
export function LinkedAccountItem({
  provider,
  onUnlinked,
}: {
  provider: ProviderRef;
  onUnlinked: (name: string) => void;
}) {
  const { t } = useTranslation("account");
  const { t: common } = useTranslation("common");
  const say = useErrorMessage();
  const id = useId();
  const [confirming, setConfirming] = useState(false);
  const unlinkButton = useRef<HTMLButtonElement>(null);
  const withReauth = useWithReauth();
  const unlink = useMutation({
    mutationFn: () => withReauth(() => unlinkProvider(provider.id)),
    onSuccess: () => onUnlinked(provider.name),
  });

  // The confirmation takes the focus; back to Unlink when it closes.
  useFocusOnChange(confirming, (now) => (now ? null : unlinkButton.current));

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
            {t("linked.unlink")}
          </button>
        </div>
      ) : (
        <ConfirmPanel
          confirmLabel={t("linked.unlinkNamed", { name: provider.name })}
          cancelLabel={common("actions.keep")}
          pending={unlink.isPending}
          error={error ? say(error) : null}
          onConfirm={() => unlink.mutate()}
          onCancel={() => setConfirming(false)}
        >
          {t("linked.unlinkQuestion", { name: provider.name })}
        </ConfirmPanel>
      )}
    </li>
  );
}
