import type { Messages } from "../../i18n/messages/en.ts";

/** German (formal "Sie"; "Passkey" as Apple, Google and Microsoft write it in German). */
export const de: Messages = {
  "common.signIn": "Anmelden",
  "common.continue": "Weiter",
  "common.backToSignIn": "Zurück zur Anmeldung",
  "common.haveAccount": "Sie haben schon ein Konto? Anmelden",
  "field.email": "E-Mail",
  "field.password": "Passwort",
  "field.newPassword": "Neues Passwort",
  "field.nameOptional": "Name (optional)",
  "field.newPasswordHint": "Mindestens {count} Zeichen",
  "field.showPassword": "Passwort anzeigen",
  "provider.email": "E-Mail",
  "provider.password": "E-Mail und Passwort",
  "provider.passkey": "Passkey",

  "signin.title": "Anmelden",
  "signin.withProvider": "Mit {provider} anmelden",
  "signin.emailPlaceholder": "name@beispiel.de",
  "signin.emailLinkHint": "Wir schicken Ihnen einen Anmeldelink per E-Mail: Sie brauchen kein Passwort.",
  "signin.failed": "Die Anmeldung ist fehlgeschlagen.",
  "signin.noMethods": "Es ist keine Anmeldemethode eingerichtet.",
  "signin.forgotPassword": "Passwort vergessen?",
  "signin.createAccount": "Konto erstellen",
  "signin.passwordReset": "Ihr Passwort wurde geändert. Melden Sie sich mit dem neuen Passwort an.",
  "signin.emailVerified": "Ihre E-Mail-Adresse ist bestätigt. Sie können sich jetzt anmelden.",
  "signin.accountSecured":
    "Ihr Passwort ist gesetzt, und das Konto gehört Ihnen: Jemand hatte es mit Ihrer Adresse erstellt, bevor die Adresse bestätigt war, und alles, was diese Person darin eingerichtet hatte, wurde entfernt. Melden Sie sich mit Ihrem neuen Passwort an.",
  "signin.withPasskey": "Mit Passkey anmelden",
  "signin.passkeySignUp": "Konto mit Passkey erstellen",

  "confirmEmail.title": "Anmeldung bestätigen",
  "confirmEmail.question": "Als {email} anmelden?",

  "signout.title": "Abmelden",
  "signout.question": "Möchten Sie sich wirklich abmelden?",
  "signout.submit": "Abmelden",

  "verifyRequest.title": "Sehen Sie in Ihr Postfach",
  "verifyRequest.signin": "Wir haben Ihnen einen Anmeldelink per E-Mail geschickt.",
  "verifyRequest.signup": "Wir haben Ihnen einen Link geschickt, mit dem Sie Ihre Adresse bestätigen.",
  "verifyRequest.resetPassword":
    "Falls ein Konto diese Adresse verwendet, haben wir einen Link zum Zurücksetzen des Passworts geschickt. Er ist {duration} lang gültig.",
  "verifyRequest.address": "E-Mail-Adresse: {email}",
  "verifyRequest.notReceived":
    "Nach ein paar Minuten noch keine E-Mail? Sehen Sie im Spam-Ordner nach, oder lassen Sie sie erneut senden.",
  "verifyRequest.resend": "E-Mail erneut senden",
  "verifyRequest.resent": "Erneut gesendet. Es kann ein paar Minuten dauern, bis sie ankommt.",

  "signup.title": "Konto erstellen",
  "signup.failed": "Das Konto konnte nicht erstellt werden.",
  "signup.submit": "Konto erstellen",
  "signup.usePasskey": "Passkey statt Passwort verwenden",
  "passkeySignup.title": "Konto mit Passkey erstellen",
  "passkeySignup.intro":
    "Mit einem Passkey melden Sie sich per Fingerabdruck, Gesichtserkennung oder Bildschirmsperre an – ganz ohne Passwort.",
  "passkeySignup.unsupported":
    "Um ein Konto mit Passkey zu erstellen, brauchen Sie einen Browser, der Passkeys unterstützt, und aktiviertes JavaScript.",
  "passkeySignup.submit": "Konto mit Passkey erstellen",

  "forgotPassword.title": "Passwort zurücksetzen",
  "forgotPassword.intro":
    "Geben Sie die E-Mail-Adresse Ihres Kontos ein. Wir schicken Ihnen einen Link, mit dem Sie ein neues Passwort wählen.",
  "forgotPassword.submit": "Link zum Zurücksetzen senden",
  "forgotPassword.failed": "Der Link zum Zurücksetzen konnte nicht gesendet werden.",
  "resetPassword.title": "Neues Passwort wählen",
  "resetPassword.intro": "Geben Sie ein neues Passwort für {email} ein.",
  "resetPassword.submit": "Passwort ändern",
  "resetPassword.failed": "Das Passwort konnte nicht geändert werden.",

  "confirmVerifyEmail.title": "E-Mail-Adresse bestätigen",
  "confirmVerifyEmail.created": "Auf dieser Website wurde am {date} ein Konto mit {email} erstellt.",
  "confirmVerifyEmail.createdUndated": "Auf dieser Website wurde ein Konto mit {email} erstellt.",
  "confirmVerifyEmail.onlyYou":
    "Bestätigen Sie es nur, wenn Sie es selbst erstellt haben: Wer es erstellt hat, hat festgelegt, wie man sich dort anmeldet.",
  "confirmVerifyEmail.submit": "Ich habe dieses Konto erstellt: bestätigen",
  "confirmVerifyEmail.notYou":
    "Das waren nicht Sie? Dann bestätigen Sie nicht, sondern {reset}: Das Konto gehört dann Ihnen, und alles, was die andere Person darin eingerichtet hat, wird entfernt.",
  "confirmVerifyEmail.reset": "setzen Sie das Passwort zurück",
  "confirmVerifyEmail.notYouOnly": "Das waren nicht Sie? Dann bestätigen Sie nicht.",
  "emailVerified.title": "E-Mail-Adresse bestätigt",
  "emailVerified.text": "Ihre E-Mail-Adresse ist bestätigt. Sie können sich jetzt anmelden.",
  "confirmChangeEmail.title": "Neue E-Mail-Adresse bestätigen",
  "confirmChangeEmail.question": "{email} zur E-Mail-Adresse Ihres Kontos machen?",
  "confirmChangeEmail.submit": "Neue E-Mail-Adresse bestätigen",
  "emailChanged.title": "E-Mail-Adresse geändert",
  "emailChanged.text": "Die E-Mail-Adresse Ihres Kontos lautet jetzt {email}.",
  "cancelEmailChange.title": "E-Mail-Änderung stoppen",
  "cancelEmailChange.text":
    "Jemand, der bei Ihrem Konto angemeldet ist, möchte es auf eine andere E-Mail-Adresse umstellen. Falls Sie das nicht waren, stoppen Sie es hier: Die Änderung wird abgebrochen oder, falls sie schon erfolgt ist, rückgängig gemacht, und alle bei Ihrem Konto angemeldeten Geräte werden abgemeldet.",
  "cancelEmailChange.submit": "Änderung stoppen und überall abmelden",
  "emailChangeCancelled.title": "Änderung gestoppt",
  "emailChangeCancelled.text":
    "Die Änderung der E-Mail-Adresse ist abgebrochen, und alle Geräte sind abgemeldet. Die Adresse Ihres Kontos lautet {email}.",
  "emailChangeCancelled.notRestored":
    "Alle Geräte sind abgemeldet, aber die Änderung war schon erfolgt, und {email} gehört jetzt zu einem anderen Konto. Die Adresse konnte daher nicht zurückgegeben werden. Wenden Sie sich an die Website.",
  "emailChangeCancelled.next":
    "Wählen Sie jetzt ein neues Passwort, falls die Person, die die Änderung angefordert hat, Ihres kennt. Prüfen Sie nach der Anmeldung Ihre Passkeys, die Zwei-Faktor-Authentifizierung und verknüpfte Konten, und entfernen Sie alles, was Sie nicht kennen.",
  "emailChangeCancelled.reset": "Link für ein neues Passwort senden",
  "accountSecured.title": "Dieses Konto gehört Ihnen",
  "accountSecured.text":
    "Jemand hatte mit Ihrer E-Mail-Adresse ein Konto erstellt, bevor die Adresse bestätigt war. Da Sie jetzt nachgewiesen haben, dass sie Ihnen gehört, wurde alles entfernt, was diese Person im Konto eingerichtet hatte (Passwort, Passkeys, Zwei-Faktor-Authentifizierung, Konten bei anderen Websites, Name und Bild), und alle Sitzungen des Kontos wurden beendet.",
  "accountSecured.next":
    "Falls Sie davon etwas selbst eingerichtet hatten, richten Sie es in Ihren Kontoeinstellungen neu ein.",

  "twoFactor.title": "Zwei-Faktor-Authentifizierung",
  "twoFactor.codeIntro":
    "Öffnen Sie Ihre Authenticator-App und geben Sie den {digits}-stelligen Code ein, den sie für dieses Konto anzeigt.",
  "twoFactor.backupIntro":
    "Geben Sie einen der Sicherungscodes ein, die Sie beim Einschalten der Zwei-Faktor-Authentifizierung gespeichert haben. Jeder Code funktioniert nur einmal.",
  "twoFactor.codeLabel": "Code",
  "twoFactor.codeHint": "{digits} Ziffern",
  "twoFactor.backupLabel": "Sicherungscode",
  "twoFactor.backupHint": "{count} Buchstaben und Ziffern, etwa {example}",
  "twoFactor.useApp": "Stattdessen die Authenticator-App verwenden",
  "twoFactor.useBackup": "Stattdessen einen Sicherungscode verwenden",
  "twoFactor.failed": "Der Code konnte nicht geprüft werden.",
  "twoFactorSetup.title": "Zwei-Faktor-Authentifizierung einrichten",
  "twoFactorSetup.intro":
    "Bei jeder Anmeldung geben Sie zusätzlich einen Code aus einer Authenticator-App auf Ihrem Smartphone ein.",
  "twoFactorSetup.scan": "1. Scannen Sie diesen QR-Code mit Ihrer Authenticator-App.",
  "twoFactorSetup.qrLabel": "QR-Code, um dieses Konto in einer Authenticator-App hinzuzufügen",
  "twoFactorSetup.manual": "Scannen klappt nicht? Geben Sie stattdessen diesen Schlüssel in der App ein:",
  "twoFactorSetup.enterCode": "2. Geben Sie den Code ein, den die App anzeigt.",
  "twoFactorSetup.submit": "Zwei-Faktor-Authentifizierung einschalten",
  "twoFactorSetup.newKey": "Neuen Schlüssel anfordern",
  "backupCodes.title": "Sicherungscodes aufbewahren",
  "backupCodes.on": "Die Zwei-Faktor-Authentifizierung ist eingeschaltet.",
  "backupCodes.intro":
    "Falls Sie Ihr Smartphone verlieren, melden Sie sich stattdessen mit einem dieser {count} Codes an. Jeder Code funktioniert nur einmal. Bewahren Sie sie sicher auf: Sie werden nicht noch einmal angezeigt.",
  "backupCodes.listLabel": "Sicherungscodes",

  "errorPage.newLink": "Neuen Link anfordern",
  "errorPage.retryIn": "Zu viele Versuche. Bitte warten Sie {duration} und versuchen Sie es dann erneut.",
  "errorPage.pausedAccount":
    "Versuche für dieses Konto bzw. diese E-Mail-Adresse sind zu seinem Schutz vorübergehend angehalten.",
  "errorPage.pausedNetwork":
    "Versuche aus Ihrem Netzwerk (Ihrer Internetverbindung) sind vorübergehend angehalten.",
  "relay.title": "Anmeldung fortsetzen",

  "mail.linkExpires": "Der Link ist {duration} lang gültig.",
  "mail.linkWorksOnce": "Der Link funktioniert nur einmal.",
  "mail.resetAction": "Passwort zurücksetzen",
  "mail.itWasYou": "Falls Sie das waren, ist nichts weiter zu tun.",
  "mail.signIn.subject": "Bei {host} anmelden",
  "mail.signIn.heading": "Bei {host} anmelden",
  "mail.signIn.action": "Anmelden",
  "mail.signIn.ignore": "Falls Sie diese E-Mail nicht angefordert haben, können Sie sie einfach ignorieren.",
  "mail.verifyEmail.subject": "Bestätigen Sie Ihre E-Mail-Adresse für {host}",
  "mail.verifyEmail.heading": "Bestätigen Sie Ihre E-Mail-Adresse für {host}",
  "mail.verifyEmail.intro":
    "Mit dieser E-Mail-Adresse wurde ein Konto erstellt. Falls Sie es erstellt haben, öffnen Sie diesen Link, um die Adresse zu bestätigen:",
  "mail.verifyEmail.action": "E-Mail-Adresse bestätigen",
  "mail.verifyEmail.ignore":
    "Falls Sie es nicht erstellt haben, bestätigen Sie es nicht, sondern ignorieren Sie diese E-Mail. Um das Konto stattdessen zu Ihrem zu machen, setzen Sie sein Passwort auf der Anmeldeseite zurück.",
  "mail.resetPassword.subject": "Setzen Sie Ihr Passwort für {host} zurück",
  "mail.resetPassword.heading": "Setzen Sie Ihr Passwort für {host} zurück",
  "mail.resetPassword.intro":
    "Jemand möchte das Passwort Ihres Kontos zurücksetzen. Öffnen Sie diesen Link, um ein neues zu wählen:",
  "mail.resetPassword.action": "Neues Passwort wählen",
  "mail.resetPassword.ignore":
    "Falls Sie das nicht angefordert haben, können Sie diese E-Mail einfach ignorieren: Ihr Passwort bleibt, wie es ist.",
  "mail.accountExists.subject": "Sie haben bereits ein Konto bei {host}",
  "mail.accountExists.heading": "Sie haben bereits ein Konto bei {host}",
  "mail.accountExists.intro":
    "Jemand hat versucht, mit dieser E-Mail-Adresse ein Konto zu erstellen, aber es gibt bereits eines.",
  "mail.accountExists.reset":
    "Falls Sie das waren, melden Sie sich mit Ihrem Passwort an. Falls Sie es vergessen haben, setzen Sie es hier zurück:",
  "mail.accountExists.ignore":
    "Falls Sie das nicht waren, können Sie diese E-Mail einfach ignorieren: Es hat sich nichts geändert.",
  "mail.passwordChanged.subject": "Ihr Passwort für {host} wurde geändert",
  "mail.passwordChanged.heading": "Ihr Passwort bei {host} wurde geändert",
  "mail.passwordChanged.intro": "Das Passwort Ihres Kontos wurde gerade geändert.",
  "mail.passwordChanged.reset":
    "Falls Sie es nicht geändert haben, setzen Sie es jetzt zurück, damit Ihr Konto Ihres bleibt:",
  "mail.confirmNewEmail.subject": "Bestätigen Sie Ihre neue E-Mail-Adresse für {host}",
  "mail.confirmNewEmail.heading": "Bestätigen Sie Ihre neue E-Mail-Adresse für {host}",
  "mail.confirmNewEmail.intro":
    "Jemand möchte diese Adresse zur E-Mail-Adresse eines Kontos machen. Öffnen Sie diesen Link, um zu bestätigen, dass sie Ihnen gehört:",
  "mail.confirmNewEmail.action": "Neue E-Mail-Adresse bestätigen",
  "mail.confirmNewEmail.ignore":
    "Die Änderung gilt erst, wenn Sie sie bestätigen. Falls Sie das nicht angefordert haben, ignorieren Sie diese E-Mail.",
  "mail.emailChangeRequested.subject": "Änderung Ihrer E-Mail-Adresse bei {host} angefordert",
  "mail.emailChangeRequested.heading": "Änderung Ihrer E-Mail-Adresse bei {host} angefordert",
  "mail.emailChangeRequested.intro":
    "Jemand, der bei Ihrem Konto angemeldet ist, möchte es auf eine andere E-Mail-Adresse umstellen. Die Adresse ändert sich erst, wenn die neue bestätigt ist.",
  "mail.emailChangeRequested.stop":
    "Falls Sie das nicht waren, stoppen Sie es jetzt: Die Änderung wird abgebrochen, alle Geräte werden abgemeldet, und Sie wählen ein neues Passwort.",
  "mail.emailChangeRequested.action": "Das war ich nicht",
  "mail.newSignIn.subject": "Neue Anmeldung bei Ihrem Konto auf {host}",
  "mail.newSignIn.heading": "Neue Anmeldung bei Ihrem Konto auf {host}",
  "mail.newSignIn.intro":
    "Bei Ihrem Konto hat sich gerade jemand in einem Browser angemeldet, in dem es noch nie verwendet wurde:",
  "mail.newSignIn.when": "Wann: {when}",
  "mail.newSignIn.how": "Wie: {method}",
  "mail.newSignIn.from": "Von: {ip}",
  "mail.newSignIn.browser": "Browser: {browser}",
  "mail.newSignIn.reset": "Falls Sie das nicht waren, setzen Sie jetzt Ihr Passwort zurück:",
  "mail.accountSecured.subject": "Ihr Konto bei {host} gehört jetzt Ihnen",
  "mail.accountSecured.heading": "Ihr Konto bei {host} gehört jetzt Ihnen",
  "mail.accountSecured.intro":
    "Jemand hatte auf dieser Website mit Ihrer E-Mail-Adresse ein Konto erstellt, bevor die Adresse bestätigt war. Als Sie nachgewiesen haben, dass sie Ihnen gehört, wurde alles entfernt, was diese Person im Konto eingerichtet hatte (Passwort, Passkeys, Zwei-Faktor-Authentifizierung und verknüpfte Konten), und alle Sitzungen des Kontos wurden beendet.",
  "mail.accountSecured.again":
    "Falls Sie davon etwas selbst eingerichtet hatten, melden Sie sich an und richten Sie es neu ein:",

  "error.OAuthSignin.title": "Anmeldung konnte nicht beginnen",
  "error.OAuthSignin.message": "Versuchen Sie, sich mit einem anderen Konto anzumelden.",
  "error.OAuthCallback.title": "Anmeldung fehlgeschlagen",
  "error.OAuthCallback.message": "Versuchen Sie, sich mit einem anderen Konto anzumelden.",
  "error.OAuthCreateAccount.title": "Konto konnte nicht erstellt werden",
  "error.OAuthCreateAccount.message": "Versuchen Sie, sich mit einem anderen Konto anzumelden.",
  "error.EmailCreateAccount.title": "Konto konnte nicht erstellt werden",
  "error.EmailCreateAccount.message": "Versuchen Sie, sich mit einem anderen Konto anzumelden.",
  "error.Callback.title": "Anmeldung fehlgeschlagen",
  "error.Callback.message": "Versuchen Sie, sich mit einem anderen Konto anzumelden.",
  "error.OAuthAccountNotLinked.title": "Konto nicht verknüpft",
  "error.OAuthAccountNotLinked.message":
    "Um Ihre Identität zu bestätigen, melden Sie sich mit demselben Konto an, das Sie ursprünglich verwendet haben.",
  "error.EmailSignin.title": "E-Mail konnte nicht gesendet werden",
  "error.EmailSignin.message": "Die E-Mail konnte nicht gesendet werden.",
  "error.CredentialsSignin.title": "Anmeldung fehlgeschlagen",
  "error.CredentialsSignin.message": "Die Anmeldung ist fehlgeschlagen. Prüfen Sie, ob Ihre Angaben stimmen.",
  "error.SessionRequired.title": "Anmeldung erforderlich",
  "error.SessionRequired.message": "Bitte melden Sie sich an, um diese Seite zu öffnen.",
  "error.TwoFactorExpired.title": "Anmeldung abgelaufen",
  "error.TwoFactorExpired.message":
    "Ihre Anmeldung hat zu lange gedauert oder war bereits abgeschlossen. Bitte melden Sie sich erneut an.",
  "error.MissingCSRF.title": "Formular abgelaufen",
  "error.MissingCSRF.message":
    "Das Formular ist abgelaufen oder stammt von einer anderen Website. Bitte versuchen Sie es erneut.",
  "error.EmailInvalid.title": "E-Mail-Adresse fehlt",
  "error.EmailInvalid.message": "Geben Sie eine gültige E-Mail-Adresse ein.",
  "error.PasswordTooShort.title": "Passwort zu kurz",
  "error.PasswordTooShort.message": "Verwenden Sie ein Passwort mit mindestens 8 Zeichen.",
  "error.PasswordTooLong.title": "Passwort zu lang",
  "error.PasswordTooLong.message": "Verwenden Sie ein Passwort mit höchstens 256 Zeichen.",
  "error.PasswordBreached.title": "Passwort zu verbreitet",
  "error.PasswordBreached.message":
    "Dieses Passwort steht in Listen gestohlener Passwörter. Wählen Sie ein anderes.",
  "error.EmailNotVerified.title": "E-Mail-Adresse nicht bestätigt",
  "error.EmailNotVerified.message":
    "Bestätigen Sie zuerst Ihre E-Mail-Adresse: Wir haben Ihnen einen neuen Link geschickt.",
  "error.AccountDisabled.title": "Konto deaktiviert",
  "error.AccountDisabled.message":
    "Dieses Konto ist deaktiviert. Wenden Sie sich an die Verwaltung der Website.",
  "error.AccountChanged.title": "Ihr Konto hat sich geändert",
  "error.AccountChanged.message":
    "Die Sicherheitseinstellungen Ihres Kontos haben sich währenddessen geändert, daher wurde nichts ausgeführt. Melden Sie sich erneut an und versuchen Sie es noch einmal.",
  "error.PasskeyInvalid.title": "Passkey nicht akzeptiert",
  "error.PasskeyInvalid.message":
    "Mit diesem Passkey konnten Sie nicht angemeldet werden. Versuchen Sie es erneut oder melden Sie sich auf andere Weise an.",
  "error.Configuration.title": "Serverfehler",
  "error.Configuration.message":
    "Es gibt ein Problem mit der Serverkonfiguration. Näheres steht in den Server-Logs.",
  "error.AccessDenied.title": "Zugriff verweigert",
  "error.AccessDenied.message": "Sie haben keine Berechtigung, sich anzumelden.",
  "error.Verification.title": "Anmeldung nicht möglich",
  "error.Verification.message":
    "Der Anmeldelink ist nicht mehr gültig. Vielleicht wurde er schon verwendet oder er ist abgelaufen.",
  "error.OAuthCallbackReplayed.title": "Anmeldung bereits verwendet",
  "error.OAuthCallbackReplayed.message":
    "Diese Anmeldung wurde bereits abgeschlossen. Wenn Sie nicht angemeldet sind, melden Sie sich bitte erneut an.",
  "error.PasswordResetInvalid.title": "Link abgelaufen",
  "error.PasswordResetInvalid.message":
    "Dieser Link zum Zurücksetzen des Passworts ist nicht mehr gültig. Vielleicht wurde er schon verwendet oder er ist abgelaufen. Fordern Sie einen neuen an.",
  "error.StorageUnavailable.title": "Vorübergehend nicht verfügbar",
  "error.StorageUnavailable.message":
    "Die Anmeldung ist vorübergehend nicht verfügbar. Bitte versuchen Sie es gleich noch einmal.",
  "error.Default.title": "Fehler",
  "error.Default.message": "Bei der Anmeldung ist etwas schiefgelaufen.",
  "error.RateLimited.title": "Zu viele Versuche",
  "error.RateLimited.message": "Zu viele Versuche. Warten Sie einen Moment und versuchen Sie es dann erneut.",
  "error.BackupCodeUsed.title": "Code schon verwendet",
  "error.BackupCodeUsed.message":
    "Dieser Sicherungscode wurde schon verwendet: Jeder Code funktioniert nur einmal. Verwenden Sie einen anderen Sicherungscode oder Ihre Authenticator-App.",
  "error.TwoFactorCodeInvalid.title": "Falscher Code",
  "error.TwoFactorCodeInvalid.message":
    "Dieser Code stimmt nicht. Prüfen Sie Ihre Authenticator-App und versuchen Sie es erneut.",
  "error.PasskeyRegistrationFailed.title": "Passkey nicht gespeichert",
  "error.PasskeyRegistrationFailed.message":
    "Der Passkey konnte nicht gespeichert werden. Bitte versuchen Sie es erneut.",
};
