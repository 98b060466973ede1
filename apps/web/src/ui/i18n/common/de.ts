import type { Messages } from "../catalogue.ts";
import type en from "./en.ts";

const de: Messages<typeof en, "de"> = {
  site: {
    title: "{{page}} · Gatehouse",
    skipToContent: "Zum Inhalt springen",
    mainNavigation: "Hauptmenü",
    home: "Startseite",
    protectedPage: "Geschützte Seite",
    account: "Konto",
    admin: "Verwaltung",
    footer: "Gatehouse-Anmeldedemo",
    providersLink: "Anbieter",
    sessionLink: "Sitzung als JSON",
    language: "Sprache",
    languageFailed:
      "<name>{{language}}</name> konnte nicht geladen werden, die Seite bleibt, wie sie ist. Prüfen Sie Ihre Verbindung, laden Sie die Seite neu und versuchen Sie es erneut.",
  },
  accountArea: {
    signIn: "Anmelden",
    signOut: "Abmelden",
    signedIn: "Angemeldet",
  },
  actions: {
    cancel: "Abbrechen",
    keep: "Behalten",
    tryAgain: "Erneut versuchen",
    signInAgain: "Erneut anmelden",
    continue: "Weiter",
    saving: "Wird gespeichert…",
    checking: "Wird geprüft…",
    loading: "Wird geladen…",
  },
  form: {
    problem: "Es gibt ein Problem",
    error: "Fehler:",
  },
  session: {
    checking: "Ihre Sitzung wird geprüft…",
  },
  home: {
    heading: "Willkommen bei Gatehouse",
    lead: "Eine kleine Web-App, die Sie mit OpenID Connect, einem Passwort, einem Passkey oder einem per E-Mail gesendeten Link anmeldet, eine Seite nur für angemeldete Besucher hat und allen mit einem Konto einen Ort gibt, um es zu verwalten.",
    sessionHeading: "Ihre Sitzung",
    signedOut: "Sie sind nicht angemeldet.",
    signedInAs: "Angemeldet als <strong>{{name}}</strong>",
    signedInAsWithEmail: "Angemeldet als <strong>{{name}}</strong> ({{email}})",
    someone: "jemand",
    sessionUntil: "Ihre Sitzung gilt bis {{date}}.",
    createAccount: "Konto erstellen",
    openProtected: "Geschützte Seite öffnen",
    manageAccount: "Konto verwalten",
  },
  protected: {
    heading: "Geschützte Seite",
    lead: "Nur angemeldete Besucher können diese Seite öffnen.",
    accountHeading: "Ihr Konto",
    because: "Sie sehen dies, weil Sie als <strong>{{name}}</strong> angemeldet sind.",
    unnamed: "ein Konto ohne Namen",
    signedOutNote:
      "Wer nicht angemeldet ist und diese Seite öffnet, wird zur Anmeldung geschickt und danach hierher zurückgebracht.",
  },
  notFound: {
    heading: "Seite nicht gefunden",
    text: "Hier gibt es nichts. Zurück zur <home>Startseite</home>.",
  },
  accountDeleted: {
    title: "Konto gelöscht",
    heading: "Ihr Konto wurde gelöscht",
    lead: "Ihr Profil, Ihre Anmeldemethoden, Sitzungen und Sicherheitsaktivitäten sind gelöscht, und Sie sind auf allen Geräten abgemeldet.",
    again:
      "Doch anders entschieden? Sie können jederzeit auf der <home>Startseite</home> ein neues Konto erstellen.",
  },
  passkeySignIn: {
    button: "Mit einem Passkey fortfahren",
    waiting: "Warten auf Ihren Passkey…",
  },
  methods: {
    password: "Passwort",
    passkey: "Passkey",
    email: "E-Mail-Link",
  },
  device: {
    named: "{{browser}} unter {{os}}",
    unknown: "Unbekanntes Gerät",
    desktop: "Computer",
    mobile: "Smartphone",
    tablet: "Tablet",
    tv: "Fernseher",
    unknownType: "Unbekannte Geräteart",
  },
  errors: {
    Default: "Etwas ist schiefgelaufen. Versuchen Sie es gleich noch einmal.",
    NetworkError: "Der Server ist nicht erreichbar. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.",
    SessionRequired: "Ihre Sitzung ist abgelaufen. Melden Sie sich erneut an, um Ihr Konto zu verwalten.",
    MissingCSRF:
      "Ihr Browser hat das Sicherheits-Cookie nicht gesendet. Erlauben Sie Cookies für diese Website, laden Sie die Seite neu und versuchen Sie es erneut.",
    RateLimited: "Zu viele Versuche. Warten Sie einen Moment und versuchen Sie es dann erneut.",
    RateLimitedFor_one: "Zu viele Versuche. Versuchen Sie es in {{count, number}} Sekunde erneut.",
    RateLimitedFor_other: "Zu viele Versuche. Versuchen Sie es in {{count, number}} Sekunden erneut.",
    StorageUnavailable: "Dieser Dienst ist gerade nicht verfügbar. Versuchen Sie es gleich noch einmal.",
    UnknownAction: "Diese Website bietet das nicht an.",
    ReauthenticationRequired:
      "Bestätigen Sie für diese Änderung, dass Sie es sind: Geben Sie Ihr Passwort oder einen Code aus Ihrer Authenticator-App ein.",
    ReauthenticationCancelled: "Es wurde nichts geändert.",
    CredentialsSignin: "Die Anmeldung ist fehlgeschlagen. Prüfen Sie Ihre Angaben.",
    AccessDenied: "Sie haben keine Berechtigung, sich anzumelden.",
    AccountDisabled: "Dieses Konto ist deaktiviert. Wenden Sie sich an die Administration der Website.",
    EmailNotVerified: "Bestätigen Sie zuerst Ihre E-Mail-Adresse: Wir haben Ihnen einen neuen Link gesendet.",
    EmailInvalid: "Geben Sie eine gültige E-Mail-Adresse ein.",
    PasswordTooShort: "Verwenden Sie ein Passwort mit mindestens 8 Zeichen.",
    PasswordTooLong: "Verwenden Sie ein Passwort mit höchstens 256 Zeichen.",
    PasswordBreached: "Dieses Passwort steht auf Listen gestohlener Passwörter. Wählen Sie ein anderes.",
    CurrentPasswordIncorrect: "Das aktuelle Passwort ist nicht korrekt.",
    PasswordNotSet: "Dieses Konto hat noch kein Passwort: Legen Sie stattdessen eines fest.",
    PasswordAlreadySet: "Dieses Konto hat bereits ein Passwort: Ändern Sie es stattdessen.",
    TwoFactorAlreadyOn: "Die Zwei-Faktor-Authentifizierung ist bereits aktiv: Schalten Sie sie zuerst aus.",
    TwoFactorNotOn: "Die Zwei-Faktor-Authentifizierung ist für dieses Konto nicht aktiv.",
    TwoFactorCodeInvalid:
      "Dieser Code ist nicht richtig. Prüfen Sie Ihre Authenticator-App und versuchen Sie es erneut.",
    PasskeyInvalid:
      "Mit diesem Passkey konnten Sie nicht angemeldet werden. Versuchen Sie es erneut oder melden Sie sich anders an.",
    PasskeyRegistrationFailed: "Der Passkey konnte nicht gespeichert werden. Bitte versuchen Sie es erneut.",
    PasskeyNotFound: "Dieser Passkey gehört nicht zu Ihrem Konto.",
    PasskeyCancelled: "Die Passkey-Anfrage wurde abgebrochen, es wurde nichts geändert.",
    PasskeyAlreadyRegistered:
      "Dieses Gerät oder dieser Passwortmanager hat bereits einen Passkey für Ihr Konto.",
    PasskeyUnsupported: "Dieser Browser kann keine Passkeys verwenden.",
    PasskeyCeremonyFailed:
      "Ihr Browser konnte die Passkey-Anfrage nicht abschließen. Bitte versuchen Sie es erneut.",
    LastSignInMethod:
      "Dies ist die letzte Möglichkeit, sich bei Ihrem Konto anzumelden: Fügen Sie eine weitere hinzu, bevor Sie diese entfernen.",
    SessionNotFound: "Diese Sitzung ist bereits beendet oder gehört nicht zu Ihnen.",
    SessionsUnavailable: "Diese Website führt keine Liste Ihrer Sitzungen.",
    UnknownProvider: "Diese Website bietet diesen Anmeldeanbieter nicht an.",
    AccountNotLinked: "Mit Ihrem Konto ist kein Konto bei diesem Anbieter verknüpft.",
    AdminRequired: "Nur eine Administratorin oder ein Administrator kann das tun.",
    UserNotFound: "Diesen Benutzer gibt es nicht.",
    AdminSelfAction:
      "Das können Sie hier nicht mit Ihrem eigenen Konto tun: Nutzen Sie Ihre Kontoeinstellungen oder fragen Sie eine andere Administratorin oder einen anderen Administrator.",
    RoleUnknown: "Diese Rolle vergibt diese Website nicht.",
    PasswordResetUnavailable:
      "Für dieses Konto kann kein Link zum Zurücksetzen des Passworts gesendet werden.",
    MailNotSent: "Die E-Mail konnte nicht gesendet werden. Bitte versuchen Sie es gleich noch einmal.",
    AccountChanged:
      "Die Sicherheitseinstellungen Ihres Kontos haben sich währenddessen geändert, daher wurde nichts ausgeführt. Melden Sie sich erneut an und versuchen Sie es noch einmal.",
  },
};

export default de;
