import { signIn, useSession } from "@gatehouse/react";
import { passkeysSupported } from "@gatehouse/react/passkeys";
import { Link } from "@tanstack/react-router";
import { Trans, useTranslation } from "react-i18next";
import { PasskeySignInButton } from "../features/passkey-sign-in/PasskeySignInButton.tsx";
import { useFormat } from "../lib/use-format.ts";
import { useProviders } from "../use-providers.ts";
import { useTitle } from "../use-title.ts";

export function Home() {
  useTitle();
  const { t } = useTranslation("common");
  const format = useFormat();
  const { data, status } = useSession();
  const providers = useProviders();
  // A link to /api/auth/signup without the Password provider would only lead to an error page.
  const canSignUp = providers !== null && "password" in providers;
  const offersPasskeys = providers !== null && "passkey" in providers && passkeysSupported();
  const user = data?.user;
  return (
    <>
      <h1 tabIndex={-1}>{t("home.heading")}</h1>
      <p className="lead">{t("home.lead")}</p>
      <section className="card" aria-labelledby="session-heading">
        <h2 id="session-heading">{t("home.sessionHeading")}</h2>
        <p className="status" data-testid="session-status" role="status">
          {status === "loading" && t("session.checking")}
          {status === "unauthenticated" && t("home.signedOut")}
          {status === "authenticated" &&
            (user?.name && user.email ? (
              <Trans
                t={t}
                i18nKey="home.signedInAsWithEmail"
                values={{ name: user.name, email: user.email }}
                components={{ strong: <strong /> }}
              />
            ) : (
              // An email sign-in knows only the address.
              <Trans
                t={t}
                i18nKey="home.signedInAs"
                values={{ name: user?.name ?? user?.email ?? t("home.someone") }}
                components={{ strong: <strong /> }}
              />
            ))}
        </p>
        {status === "authenticated" && data?.expires && (
          <p className="muted">{t("home.sessionUntil", { date: format.dateTime(data.expires) })}</p>
        )}
        <div className="actions">
          {status === "unauthenticated" && (
            <button type="button" className="button" onClick={() => signIn()}>
              {t("accountArea.signIn")}
            </button>
          )}
          {status === "unauthenticated" && offersPasskeys && <PasskeySignInButton />}
          {status === "unauthenticated" && canSignUp && (
            // The server's own page, not an in-app route: a full navigation.
            <a href="/api/auth/signup" className="button button-quiet">
              {t("home.createAccount")}
            </a>
          )}
          <Link to="/protected" className={status === "authenticated" ? "button" : "button button-quiet"}>
            {t("home.openProtected")}
          </Link>
          {status === "authenticated" && (
            <Link to="/account" className="button button-quiet">
              {t("home.manageAccount")}
            </Link>
          )}
        </div>
      </section>
    </>
  );
}
