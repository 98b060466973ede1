import { useSession } from "@gatehouse/react";
import { Trans, useTranslation } from "react-i18next";
import { CheckingSession } from "../components/CheckingSession.tsx";
import { useTitle } from "../use-title.ts";

/** Only for signed-in visitors. The server guards a direct load; `required` guards in-app navigation. */
export function Protected() {
  const { t } = useTranslation("common");
  useTitle(t("protected.heading"));
  const { data, status } = useSession({ required: true });
  const user = data?.user;
  return (
    <>
      <h1 tabIndex={-1}>{t("protected.heading")}</h1>
      {status !== "authenticated" ? (
        <CheckingSession />
      ) : (
        <>
          <p className="lead">{t("protected.lead")}</p>
          <section className="card" aria-labelledby="who-heading">
            <h2 id="who-heading">{t("protected.accountHeading")}</h2>
            <p>
              <Trans
                t={t}
                i18nKey="protected.because"
                values={{ name: user?.email ?? user?.name ?? t("protected.unnamed") }}
                components={{ strong: <strong data-testid="protected-email" /> }}
              />
            </p>
            <p className="muted">{t("protected.signedOutNote")}</p>
          </section>
        </>
      )}
    </>
  );
}
