import type { Messages } from "../../i18n/messages/en.ts";

/*
 * French ("vous"; "clé d'accès" as Apple, Google and Microsoft say passkey in French). French puts a
 * no-break space before ? : ; ! — written \u00a0 so it stays visible here and never breaks a line.
 */

/** French. */
export const fr: Messages = {
  "common.signIn": "Se connecter",
  "common.continue": "Continuer",
  "common.backToSignIn": "Retour à la connexion",
  "common.haveAccount": "Vous avez déjà un compte\u00a0? Se connecter",
  "field.email": "Adresse e-mail",
  "field.password": "Mot de passe",
  "field.newPassword": "Nouveau mot de passe",
  "field.nameOptional": "Nom (facultatif)",
  "field.newPasswordHint": "Au moins {count}\u00a0caractères",
  "field.showPassword": "Afficher le mot de passe",
  "provider.email": "E-mail",
  "provider.password": "E-mail et mot de passe",
  "provider.passkey": "Clé d'accès",

  "signin.title": "Connexion",
  "signin.withProvider": "Se connecter avec {provider}",
  "signin.emailPlaceholder": "nom@exemple.fr",
  "signin.emailLinkHint":
    "Nous vous envoyons un lien de connexion par e-mail\u00a0: pas besoin de mot de passe.",
  "signin.failed": "Impossible de vous connecter.",
  "signin.noMethods": "Aucun moyen de connexion n'est configuré.",
  "signin.forgotPassword": "Mot de passe oublié\u00a0?",
  "signin.createAccount": "Créer un compte",
  "signin.passwordReset": "Votre mot de passe a été modifié. Connectez-vous avec votre nouveau mot de passe.",
  "signin.emailVerified": "Votre adresse e-mail est vérifiée. Vous pouvez maintenant vous connecter.",
  "signin.accountSecured":
    "Votre mot de passe est défini et le compte est à vous\u00a0: quelqu'un l'avait créé avec votre adresse avant qu'elle ne soit confirmée, et tout ce que cette personne y avait configuré a été supprimé. Connectez-vous avec votre nouveau mot de passe.",
  "signin.withPasskey": "Se connecter avec une clé d'accès",
  "signin.passkeySignUp": "Créer un compte avec une clé d'accès",

  "confirmEmail.title": "Confirmer la connexion",
  "confirmEmail.question": "Se connecter en tant que {email}\u00a0?",

  "signout.title": "Déconnexion",
  "signout.question": "Voulez-vous vraiment vous déconnecter\u00a0?",
  "signout.submit": "Se déconnecter",

  "verifyRequest.title": "Consultez vos e-mails",
  "verifyRequest.signin": "Un lien de connexion a été envoyé à votre adresse e-mail.",
  "verifyRequest.signup": "Nous vous avons envoyé un lien pour confirmer votre adresse.",
  "verifyRequest.resetPassword":
    "Si un compte utilise cette adresse, nous avons envoyé un lien pour réinitialiser le mot de passe. Il est valable {duration}.",
  "verifyRequest.address": "Adresse e-mail\u00a0: {email}",
  "verifyRequest.notReceived":
    "Pas d'e-mail après quelques minutes\u00a0? Regardez dans vos courriers indésirables, ou renvoyez-le.",
  "verifyRequest.resend": "Renvoyer l'e-mail",
  "verifyRequest.resent": "E-mail renvoyé. Il peut mettre quelques minutes à arriver.",

  "signup.title": "Créer un compte",
  "signup.failed": "Impossible de créer le compte.",
  "signup.submit": "Créer le compte",
  "signup.usePasskey": "Utiliser une clé d'accès plutôt qu'un mot de passe",
  "passkeySignup.title": "Créer un compte avec une clé d'accès",
  "passkeySignup.intro":
    "Une clé d'accès vous connecte avec votre empreinte digitale, votre visage ou le verrouillage de votre écran, sans mot de passe.",
  "passkeySignup.unsupported":
    "Pour créer un compte avec une clé d'accès, il faut un navigateur compatible avec les clés d'accès et JavaScript activé.",
  "passkeySignup.submit": "Créer le compte avec une clé d'accès",

  "forgotPassword.title": "Réinitialiser votre mot de passe",
  "forgotPassword.intro":
    "Saisissez l'adresse e-mail de votre compte\u00a0: nous vous enverrons un lien pour choisir un nouveau mot de passe.",
  "forgotPassword.submit": "Envoyer le lien",
  "forgotPassword.failed": "Impossible d'envoyer le lien de réinitialisation.",
  "resetPassword.title": "Choisir un nouveau mot de passe",
  "resetPassword.intro": "Saisissez un nouveau mot de passe pour {email}.",
  "resetPassword.submit": "Modifier le mot de passe",
  "resetPassword.failed": "Impossible de modifier le mot de passe.",

  "confirmVerifyEmail.title": "Confirmer votre adresse e-mail",
  "confirmVerifyEmail.created": "Un compte a été créé sur ce site avec {email} le {date}.",
  "confirmVerifyEmail.createdUndated": "Un compte a été créé sur ce site avec {email}.",
  "confirmVerifyEmail.onlyYou":
    "Ne le confirmez que si vous l'avez créé vous-même\u00a0: la personne qui l'a créé a choisi comment s'y connecter.",
  "confirmVerifyEmail.submit": "J'ai créé ce compte\u00a0: confirmer",
  "confirmVerifyEmail.notYou":
    "Ce n'était pas vous\u00a0? Ne confirmez pas\u00a0: {reset} plutôt. Le compte devient le vôtre, et tout ce que l'autre personne y a configuré est supprimé.",
  "confirmVerifyEmail.reset": "réinitialisez le mot de passe",
  "confirmVerifyEmail.notYouOnly": "Ce n'était pas vous\u00a0? Ne confirmez pas.",
  "emailVerified.title": "Adresse e-mail vérifiée",
  "emailVerified.text": "Votre adresse e-mail est confirmée. Vous pouvez maintenant vous connecter.",
  "confirmChangeEmail.title": "Confirmer votre nouvelle adresse e-mail",
  "confirmChangeEmail.question": "Faire de {email} l'adresse e-mail de votre compte\u00a0?",
  "confirmChangeEmail.submit": "Confirmer la nouvelle adresse",
  "emailChanged.title": "Adresse e-mail modifiée",
  "emailChanged.text": "L'adresse e-mail de votre compte est désormais {email}.",
  "cancelEmailChange.title": "Arrêter le changement d'adresse e-mail",
  "cancelEmailChange.text":
    "Une personne connectée à votre compte a demandé à le rattacher à une autre adresse e-mail. Si ce n'était pas vous, arrêtez-le ici\u00a0: le changement est annulé, ou défait s'il a déjà eu lieu, et tous les appareils connectés à votre compte sont déconnectés.",
  "cancelEmailChange.submit": "Arrêter le changement et se déconnecter partout",
  "emailChangeCancelled.title": "Changement arrêté",
  "emailChangeCancelled.text":
    "Le changement d'adresse e-mail est annulé et tous les appareils sont déconnectés. L'adresse de votre compte est {email}.",
  "emailChangeCancelled.notRestored":
    "Tous les appareils sont déconnectés, mais le changement avait déjà eu lieu et {email} est désormais utilisée par un autre compte\u00a0: elle n'a pas pu être rendue. Contactez le site pour obtenir de l'aide.",
  "emailChangeCancelled.next":
    "Choisissez maintenant un nouveau mot de passe, au cas où la personne à l'origine du changement connaîtrait le vôtre. Une fois connecté, vérifiez vos clés d'accès, l'authentification à deux facteurs et les comptes associés, et supprimez tout ce que vous ne reconnaissez pas.",
  "emailChangeCancelled.reset": "M'envoyer un lien pour choisir un nouveau mot de passe",
  "accountSecured.title": "Ce compte est à vous",
  "accountSecured.text":
    "Quelqu'un avait créé un compte avec votre adresse e-mail avant qu'elle ne soit confirmée. Maintenant que vous avez prouvé qu'elle vous appartient, tout ce que cette personne avait configuré sur le compte a été supprimé (mot de passe, clés d'accès, authentification à deux facteurs, comptes sur d'autres sites, nom et photo), et toutes les sessions ouvertes sur ce compte ont pris fin.",
  "accountSecured.next":
    "Si vous aviez configuré vous-même une partie de tout cela, configurez-la de nouveau dans les réglages de votre compte.",

  "twoFactor.title": "Authentification à deux facteurs",
  "twoFactor.codeIntro":
    "Ouvrez votre application d'authentification et saisissez le code à {digits}\u00a0chiffres qu'elle affiche pour ce compte.",
  "twoFactor.backupIntro":
    "Saisissez l'un des codes de secours enregistrés lors de l'activation de l'authentification à deux facteurs. Chaque code ne fonctionne qu'une fois.",
  "twoFactor.codeLabel": "Code",
  "twoFactor.codeHint": "{digits}\u00a0chiffres",
  "twoFactor.backupLabel": "Code de secours",
  "twoFactor.backupHint": "{count}\u00a0lettres et chiffres, par exemple {example}",
  "twoFactor.useApp": "Utiliser plutôt votre application d'authentification",
  "twoFactor.useBackup": "Utiliser plutôt un code de secours",
  "twoFactor.failed": "Impossible de vérifier le code.",
  "twoFactorSetup.title": "Configurer l'authentification à deux facteurs",
  "twoFactorSetup.intro":
    "À chaque connexion, vous saisirez aussi un code fourni par une application d'authentification sur votre téléphone.",
  "twoFactorSetup.scan": "1. Scannez ce code QR avec votre application d'authentification.",
  "twoFactorSetup.qrLabel": "Code QR pour ajouter ce compte à une application d'authentification",
  "twoFactorSetup.manual":
    "Impossible de le scanner\u00a0? Saisissez plutôt cette clé dans l'application\u00a0:",
  "twoFactorSetup.enterCode": "2. Saisissez le code affiché par l'application.",
  "twoFactorSetup.submit": "Activer l'authentification à deux facteurs",
  "twoFactorSetup.newKey": "Obtenir une nouvelle clé",
  "backupCodes.title": "Enregistrez vos codes de secours",
  "backupCodes.on": "L'authentification à deux facteurs est activée.",
  "backupCodes.intro":
    "Si vous perdez votre téléphone, connectez-vous plutôt avec l'un de ces {count}\u00a0codes. Chaque code ne fonctionne qu'une fois. Conservez-les en lieu sûr\u00a0: ils ne seront plus affichés.",
  "backupCodes.listLabel": "Codes de secours",

  "errorPage.newLink": "Demander un nouveau lien",
  "errorPage.retryIn": "Trop de tentatives. Réessayez dans {duration}.",
  "errorPage.pausedAccount":
    "Les tentatives pour ce compte ou cette adresse e-mail sont suspendues, pour le protéger.",
  "errorPage.pausedNetwork": "Les tentatives depuis votre réseau (votre connexion internet) sont suspendues.",
  "relay.title": "Poursuivre la connexion",

  "mail.linkExpires": "Le lien expire dans {duration}.",
  "mail.linkWorksOnce": "Le lien ne fonctionne qu'une fois.",
  "mail.resetAction": "Réinitialiser votre mot de passe",
  "mail.itWasYou": "Si c'était vous, vous n'avez rien d'autre à faire.",
  "mail.signIn.subject": "Connexion à {host}",
  "mail.signIn.heading": "Connexion à {host}",
  "mail.signIn.action": "Se connecter",
  "mail.signIn.ignore": "Si vous n'avez pas demandé cet e-mail, vous pouvez l'ignorer.",
  "mail.verifyEmail.subject": "Confirmez votre adresse e-mail pour {host}",
  "mail.verifyEmail.heading": "Confirmez votre adresse e-mail pour {host}",
  "mail.verifyEmail.intro":
    "Un compte a été créé avec cette adresse e-mail. Si c'est vous qui l'avez créé, ouvrez ce lien pour confirmer l'adresse\u00a0:",
  "mail.verifyEmail.action": "Confirmer l'adresse e-mail",
  "mail.verifyEmail.ignore":
    "Si vous ne l'avez pas créé, ne le confirmez pas\u00a0: ignorez cet e-mail. Pour que le compte devienne le vôtre, réinitialisez plutôt son mot de passe depuis la page de connexion.",
  "mail.resetPassword.subject": "Réinitialisez votre mot de passe pour {host}",
  "mail.resetPassword.heading": "Réinitialisez votre mot de passe pour {host}",
  "mail.resetPassword.intro":
    "Quelqu'un a demandé à réinitialiser le mot de passe de votre compte. Ouvrez ce lien pour en choisir un nouveau\u00a0:",
  "mail.resetPassword.action": "Choisir un nouveau mot de passe",
  "mail.resetPassword.ignore":
    "Si vous n'êtes pas à l'origine de cette demande, vous pouvez ignorer cet e-mail\u00a0: votre mot de passe reste inchangé.",
  "mail.accountExists.subject": "Vous avez déjà un compte sur {host}",
  "mail.accountExists.heading": "Vous avez déjà un compte sur {host}",
  "mail.accountExists.intro":
    "Quelqu'un a essayé de créer un compte avec cette adresse e-mail, mais un compte l'utilise déjà.",
  "mail.accountExists.reset":
    "Si c'était vous, connectez-vous avec votre mot de passe. Si vous l'avez oublié, réinitialisez-le ici\u00a0:",
  "mail.accountExists.ignore":
    "Si ce n'était pas vous, vous pouvez ignorer cet e-mail\u00a0: rien n'a changé.",
  "mail.passwordChanged.subject": "Votre mot de passe pour {host} a été modifié",
  "mail.passwordChanged.heading": "Votre mot de passe a été modifié sur {host}",
  "mail.passwordChanged.intro": "Le mot de passe de votre compte vient d'être modifié.",
  "mail.passwordChanged.reset":
    "Si vous ne l'avez pas modifié, réinitialisez-le maintenant pour garder la main sur votre compte\u00a0:",
  "mail.confirmNewEmail.subject": "Confirmez votre nouvelle adresse e-mail pour {host}",
  "mail.confirmNewEmail.heading": "Confirmez votre nouvelle adresse e-mail pour {host}",
  "mail.confirmNewEmail.intro":
    "Quelqu'un a demandé à faire de cette adresse l'adresse e-mail d'un compte. Ouvrez ce lien pour confirmer qu'elle vous appartient\u00a0:",
  "mail.confirmNewEmail.action": "Confirmer la nouvelle adresse",
  "mail.confirmNewEmail.ignore":
    "Le changement ne prend effet qu'une fois confirmé. Si vous ne l'avez pas demandé, ignorez cet e-mail.",
  "mail.emailChangeRequested.subject": "Changement d'adresse e-mail demandé sur {host}",
  "mail.emailChangeRequested.heading": "Changement d'adresse e-mail demandé sur {host}",
  "mail.emailChangeRequested.intro":
    "Une personne connectée à votre compte a demandé à le rattacher à une autre adresse e-mail. Le changement n'a lieu qu'une fois la nouvelle adresse confirmée.",
  "mail.emailChangeRequested.stop":
    "Si ce n'était pas vous, arrêtez-le maintenant\u00a0: le changement est annulé, tous les appareils sont déconnectés et vous choisissez un nouveau mot de passe.",
  "mail.emailChangeRequested.action": "Ce n'était pas moi",
  "mail.newSignIn.subject": "Nouvelle connexion à votre compte sur {host}",
  "mail.newSignIn.heading": "Nouvelle connexion à votre compte sur {host}",
  "mail.newSignIn.intro":
    "Quelqu'un vient de se connecter à votre compte depuis un navigateur jamais utilisé avec ce compte\u00a0:",
  "mail.newSignIn.when": "Quand\u00a0: {when}",
  "mail.newSignIn.how": "Comment\u00a0: {method}",
  "mail.newSignIn.from": "Depuis\u00a0: {ip}",
  "mail.newSignIn.browser": "Navigateur\u00a0: {browser}",
  "mail.newSignIn.reset": "Si ce n'était pas vous, réinitialisez votre mot de passe maintenant\u00a0:",
  "mail.accountSecured.subject": "Votre compte sur {host} est désormais à vous",
  "mail.accountSecured.heading": "Votre compte sur {host} est désormais à vous",
  "mail.accountSecured.intro":
    "Quelqu'un avait créé un compte sur ce site avec votre adresse e-mail avant qu'elle ne soit confirmée. Lorsque vous avez prouvé qu'elle vous appartient, tout ce que cette personne avait configuré sur le compte a été supprimé (mot de passe, clés d'accès, authentification à deux facteurs et comptes associés), et toutes les sessions ouvertes sur ce compte ont pris fin.",
  "mail.accountSecured.again":
    "Si vous aviez configuré vous-même une partie de tout cela, connectez-vous et configurez-la de nouveau\u00a0:",

  "error.OAuthSignin.title": "Impossible de démarrer la connexion",
  "error.OAuthSignin.message": "Essayez de vous connecter avec un autre compte.",
  "error.OAuthCallback.title": "Échec de la connexion",
  "error.OAuthCallback.message": "Essayez de vous connecter avec un autre compte.",
  "error.OAuthCreateAccount.title": "Impossible de créer le compte",
  "error.OAuthCreateAccount.message": "Essayez de vous connecter avec un autre compte.",
  "error.EmailCreateAccount.title": "Impossible de créer le compte",
  "error.EmailCreateAccount.message": "Essayez de vous connecter avec un autre compte.",
  "error.Callback.title": "Échec de la connexion",
  "error.Callback.message": "Essayez de vous connecter avec un autre compte.",
  "error.OAuthAccountNotLinked.title": "Compte non associé",
  "error.OAuthAccountNotLinked.message":
    "Pour confirmer votre identité, connectez-vous avec le compte que vous avez utilisé la première fois.",
  "error.EmailSignin.title": "Impossible d'envoyer l'e-mail",
  "error.EmailSignin.message": "L'e-mail n'a pas pu être envoyé.",
  "error.CredentialsSignin.title": "Échec de la connexion",
  "error.CredentialsSignin.message":
    "La connexion a échoué. Vérifiez que les informations saisies sont correctes.",
  "error.SessionRequired.title": "Connexion requise",
  "error.SessionRequired.message": "Veuillez vous connecter pour accéder à cette page.",
  "error.TwoFactorExpired.title": "Connexion expirée",
  "error.TwoFactorExpired.message":
    "Votre connexion a pris trop de temps ou était déjà terminée. Veuillez vous reconnecter.",
  "error.MissingCSRF.title": "Formulaire expiré",
  "error.MissingCSRF.message": "Le formulaire a expiré ou provient d'un autre site. Veuillez réessayer.",
  "error.EmailInvalid.title": "Adresse e-mail requise",
  "error.EmailInvalid.message": "Saisissez une adresse e-mail valide.",
  "error.PasswordTooShort.title": "Mot de passe trop court",
  "error.PasswordTooShort.message": "Utilisez un mot de passe d'au moins 8\u00a0caractères.",
  "error.PasswordTooLong.title": "Mot de passe trop long",
  "error.PasswordTooLong.message": "Utilisez un mot de passe de 256\u00a0caractères au maximum.",
  "error.PasswordBreached.title": "Mot de passe trop courant",
  "error.PasswordBreached.message":
    "Ce mot de passe figure dans des listes de mots de passe divulgués. Choisissez-en un autre.",
  "error.EmailNotVerified.title": "Adresse e-mail non vérifiée",
  "error.EmailNotVerified.message":
    "Confirmez d'abord votre adresse e-mail\u00a0: nous vous avons envoyé un nouveau lien.",
  "error.AccountDisabled.title": "Compte désactivé",
  "error.AccountDisabled.message": "Ce compte est désactivé. Contactez l'administrateur du site.",
  "error.AccountChanged.title": "Votre compte a changé",
  "error.AccountChanged.message":
    "Les réglages de sécurité de votre compte ont changé entre-temps\u00a0: rien n'a été fait. Reconnectez-vous, puis réessayez.",
  "error.PasskeyInvalid.title": "Clé d'accès refusée",
  "error.PasskeyInvalid.message":
    "Cette clé d'accès n'a pas permis de vous connecter. Réessayez ou choisissez un autre moyen de connexion.",
  "error.Configuration.title": "Erreur du serveur",
  "error.Configuration.message":
    "La configuration du serveur pose problème. Consultez les journaux du serveur pour en savoir plus.",
  "error.AccessDenied.title": "Accès refusé",
  "error.AccessDenied.message": "Vous n'êtes pas autorisé à vous connecter.",
  "error.Verification.title": "Connexion impossible",
  "error.Verification.message":
    "Le lien de connexion n'est plus valide. Il a peut-être déjà été utilisé ou il a expiré.",
  "error.OAuthCallbackReplayed.title": "Connexion déjà utilisée",
  "error.OAuthCallbackReplayed.message":
    "Cette connexion a déjà été effectuée. Si vous n'êtes pas connecté, veuillez vous reconnecter.",
  "error.PasswordResetInvalid.title": "Lien expiré",
  "error.PasswordResetInvalid.message":
    "Ce lien de réinitialisation du mot de passe n'est plus valide. Il a peut-être déjà été utilisé ou il a expiré. Demandez-en un nouveau.",
  "error.StorageUnavailable.title": "Momentanément indisponible",
  "error.StorageUnavailable.message":
    "La connexion est momentanément indisponible. Veuillez réessayer dans un instant.",
  "error.Default.title": "Erreur",
  "error.Default.message": "Un problème est survenu pendant la connexion.",
  "error.RateLimited.title": "Trop de tentatives",
  "error.RateLimited.message": "Trop de tentatives. Patientez un instant, puis réessayez.",
  "error.BackupCodeUsed.title": "Code déjà utilisé",
  "error.BackupCodeUsed.message":
    "Ce code de secours a déjà été utilisé\u00a0: chaque code ne fonctionne qu'une fois. Utilisez un autre code de secours ou votre application d'authentification.",
  "error.TwoFactorCodeInvalid.title": "Code incorrect",
  "error.TwoFactorCodeInvalid.message":
    "Ce code n'est pas le bon. Vérifiez votre application d'authentification et réessayez.",
  "error.PasskeyRegistrationFailed.title": "Clé d'accès non enregistrée",
  "error.PasskeyRegistrationFailed.message":
    "La clé d'accès n'a pas pu être enregistrée. Veuillez réessayer.",
};
