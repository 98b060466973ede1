import type { Messages } from "../catalogue.ts";
import type en from "./en.ts";

// French typography: a no-break space (\u00a0) before « : ; ? ! » and inside the guillemets.
const fr: Messages<typeof en, "fr"> = {
  site: {
    title: "{{page}} · Gatehouse",
    skipToContent: "Aller au contenu",
    mainNavigation: "Menu principal",
    home: "Accueil",
    protectedPage: "Page protégée",
    account: "Compte",
    admin: "Administration",
    footer: "Démo de connexion Gatehouse",
    providersLink: "fournisseurs",
    sessionLink: "session en JSON",
    language: "Langue",
    languageFailed:
      "Impossible de charger <name>{{language}}</name> : la page reste telle quelle. Vérifiez votre connexion, puis rechargez la page et réessayez.",
  },
  accountArea: {
    signIn: "Se connecter",
    signOut: "Se déconnecter",
    signedIn: "Session ouverte",
  },
  actions: {
    cancel: "Annuler",
    keep: "Conserver",
    tryAgain: "Réessayer",
    signInAgain: "Se reconnecter",
    continue: "Continuer",
    saving: "Enregistrement…",
    checking: "Vérification…",
    loading: "Chargement…",
  },
  form: {
    problem: "Il y a un problème",
    error: "Erreur\u00a0:",
  },
  session: {
    checking: "Vérification de votre session…",
  },
  home: {
    heading: "Bienvenue sur Gatehouse",
    lead: "Une petite application web qui vous connecte avec OpenID Connect, un mot de passe, une clé d'accès ou un lien envoyé par e-mail, réserve une page aux visiteurs connectés et offre à chaque titulaire d'un compte un seul endroit pour le gérer.",
    sessionHeading: "Votre session",
    signedOut: "Vous n'avez pas ouvert de session.",
    signedInAs: "Session ouverte en tant que <strong>{{name}}</strong>",
    signedInAsWithEmail: "Session ouverte en tant que <strong>{{name}}</strong> ({{email}})",
    someone: "quelqu'un",
    sessionUntil: "Votre session dure jusqu'au {{date}}.",
    createAccount: "Créer un compte",
    openProtected: "Ouvrir la page protégée",
    manageAccount: "Gérer votre compte",
  },
  protected: {
    heading: "Page protégée",
    lead: "Seuls les visiteurs connectés peuvent ouvrir cette page.",
    accountHeading: "Votre compte",
    because: "Vous voyez ceci parce que votre session est ouverte en tant que <strong>{{name}}</strong>.",
    unnamed: "un utilisateur sans nom",
    signedOutNote:
      "Les visiteurs non connectés qui ouvrent cette page sont invités à se connecter, puis ramenés ici.",
  },
  notFound: {
    heading: "Page introuvable",
    text: "Il n'y a rien ici. Revenez à la <home>page d'accueil</home>.",
  },
  accountDeleted: {
    title: "Compte supprimé",
    heading: "Votre compte a été supprimé",
    lead: "Votre profil, vos méthodes de connexion, vos sessions et votre activité de sécurité ont été effacés, et vos sessions sont fermées sur tous vos appareils.",
    again:
      "Vous avez changé d'avis\u00a0? Vous pouvez créer un nouveau compte à tout moment depuis la <home>page d'accueil</home>.",
  },
  passkeySignIn: {
    button: "Continuer avec une clé d'accès",
    waiting: "En attente de votre clé d'accès…",
  },
  methods: {
    password: "Mot de passe",
    passkey: "Clé d'accès",
    email: "Lien par e-mail",
  },
  device: {
    named: "{{browser}} sous {{os}}",
    unknown: "Appareil inconnu",
    desktop: "Ordinateur",
    mobile: "Téléphone",
    tablet: "Tablette",
    tv: "Téléviseur",
    unknownType: "Type d'appareil inconnu",
  },
  errors: {
    Default: "Une erreur s'est produite. Réessayez dans un instant.",
    NetworkError: "Impossible de joindre le serveur. Vérifiez votre connexion et réessayez.",
    SessionRequired: "Votre session a pris fin. Reconnectez-vous pour gérer votre compte.",
    MissingCSRF:
      "Votre navigateur n'a pas envoyé le cookie de sécurité. Autorisez les cookies pour ce site, rechargez la page et réessayez.",
    RateLimited: "Trop de tentatives. Patientez un instant, puis réessayez.",
    RateLimitedFor_one: "Trop de tentatives. Réessayez dans {{count, number}}\u00a0seconde.",
    RateLimitedFor_many: "Trop de tentatives. Réessayez dans {{count, number}}\u00a0de secondes.",
    RateLimitedFor_other: "Trop de tentatives. Réessayez dans {{count, number}}\u00a0secondes.",
    StorageUnavailable: "Ce service est momentanément indisponible. Réessayez dans un instant.",
    UnknownAction: "Ce site ne propose pas cette fonction.",
    ReauthenticationRequired:
      "Pour cette modification, confirmez votre identité\u00a0: saisissez votre mot de passe ou un code de votre application d'authentification.",
    ReauthenticationCancelled: "Rien n'a été modifié.",
    CredentialsSignin: "La connexion a échoué. Vérifiez les informations saisies.",
    AccessDenied: "Vous n'avez pas l'autorisation de vous connecter.",
    AccountDisabled: "Ce compte est désactivé. Contactez l'administrateur du site.",
    EmailNotVerified: "Confirmez d'abord votre adresse e-mail\u00a0: nous vous avons envoyé un nouveau lien.",
    EmailInvalid: "Saisissez une adresse e-mail valide.",
    PasswordTooShort: "Utilisez un mot de passe d'au moins 8\u00a0caractères.",
    PasswordTooLong: "Utilisez un mot de passe de 256\u00a0caractères au plus.",
    PasswordBreached:
      "Ce mot de passe figure dans des listes de mots de passe divulgués. Choisissez-en un autre.",
    CurrentPasswordIncorrect: "Le mot de passe actuel est incorrect.",
    PasswordNotSet: "Ce compte n'a pas encore de mot de passe\u00a0: définissez-en un.",
    PasswordAlreadySet: "Ce compte a déjà un mot de passe\u00a0: modifiez-le plutôt.",
    TwoFactorAlreadyOn: "L'authentification à deux facteurs est déjà activée\u00a0: désactivez-la d'abord.",
    TwoFactorNotOn: "L'authentification à deux facteurs n'est pas activée pour ce compte.",
    TwoFactorCodeInvalid:
      "Ce code n'est pas le bon. Vérifiez votre application d'authentification et réessayez.",
    PasskeyInvalid:
      "Cette clé d'accès n'a pas pu vous connecter. Réessayez ou utilisez un autre moyen de connexion.",
    PasskeyRegistrationFailed: "La clé d'accès n'a pas pu être enregistrée. Veuillez réessayer.",
    PasskeyNotFound: "Cette clé d'accès ne vous appartient pas.",
    PasskeyCancelled: "La demande de clé d'accès a été annulée\u00a0: rien n'a changé.",
    PasskeyAlreadyRegistered:
      "Cet appareil ou ce gestionnaire de mots de passe conserve déjà une clé d'accès pour votre compte.",
    PasskeyUnsupported: "Ce navigateur ne peut pas utiliser de clés d'accès.",
    PasskeyCeremonyFailed:
      "Votre navigateur n'a pas pu terminer la demande de clé d'accès. Veuillez réessayer.",
    LastSignInMethod:
      "C'est le dernier moyen de vous connecter à votre compte\u00a0: ajoutez-en un autre avant de le retirer.",
    SessionNotFound: "Cette session a déjà pris fin, ou ce n'est pas l'une des vôtres.",
    SessionsUnavailable: "Ce site ne conserve pas la liste de vos sessions.",
    UnknownProvider: "Ce site ne propose pas ce fournisseur de connexion.",
    AccountNotLinked: "Aucun compte chez ce fournisseur n'est associé au vôtre.",
    AdminRequired: "Seul un administrateur peut faire cela.",
    UserNotFound: "Cet utilisateur n'existe pas.",
    AdminSelfAction:
      "Vous ne pouvez pas faire cela à votre propre compte ici\u00a0: utilisez les paramètres de votre compte ou demandez à un autre administrateur.",
    RoleUnknown: "Ce site n'attribue pas ce rôle.",
    PasswordResetUnavailable:
      "Aucun lien de réinitialisation du mot de passe ne peut être envoyé pour ce compte.",
    MailNotSent: "L'e-mail n'a pas pu être envoyé. Veuillez réessayer dans un instant.",
    AccountChanged:
      "Les réglages de sécurité de votre compte ont changé entre-temps\u00a0: rien n'a été fait. Reconnectez-vous, puis réessayez.",
  },
};

export default fr;
