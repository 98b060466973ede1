import { englishErrorMessages } from "../translated-errors.ts";

/**
 * English: the source of truth for every message of the built-in pages and the mails. Every other
 * language gives exactly these keys (`Messages`, so a missing or extra key fails `tsc`), with the
 * same `{placeholders}` (catalogue.test.ts). The error codes' titles and messages come from the
 * error catalogue (errors/catalogue.ts), so the English there is written once.
 */
const pages = {
  // --- shared by several pages ---
  "common.signIn": "Sign in",
  "common.continue": "Continue",
  "common.backToSignIn": "Back to sign in",
  "common.haveAccount": "Already have an account? Sign in",
  "field.email": "Email",
  "field.password": "Password",
  "field.newPassword": "New password",
  "field.nameOptional": "Name (optional)",
  "field.newPasswordHint": "At least {count} characters",
  "field.showPassword": "Show password",
  // The default names of the built-in providers (an app's own name is shown as it is).
  "provider.email": "Email",
  "provider.password": "Email and password",
  "provider.passkey": "Passkey",

  // --- sign-in ---
  "signin.title": "Sign in",
  "signin.withProvider": "Sign in with {provider}",
  "signin.emailPlaceholder": "email@example.com",
  "signin.emailLinkHint": "We email you a link to sign in: no password needed.",
  "signin.failed": "Unable to sign in.",
  "signin.noMethods": "No sign-in methods are configured.",
  "signin.forgotPassword": "Forgot password?",
  "signin.createAccount": "Create an account",
  "signin.passwordReset": "Your password has been changed. Sign in with your new password.",
  "signin.emailVerified": "Your email address is verified. You can sign in now.",
  "signin.accountSecured":
    "Your password is set, and the account is yours: someone had created it with your address before the address was confirmed, and everything they set up on it has been removed. Sign in with your new password.",
  "signin.withPasskey": "Sign in with a passkey",
  "signin.passkeySignUp": "Create an account with a passkey",

  // --- the sign-in link's confirmation ---
  "confirmEmail.title": "Confirm sign in",
  "confirmEmail.question": "Sign in as {email}?",

  // --- sign-out ---
  "signout.title": "Sign out",
  "signout.question": "Are you sure you want to sign out?",
  "signout.submit": "Sign out",

  // --- check your email ---
  "verifyRequest.title": "Check your email",
  "verifyRequest.signin": "A sign in link has been sent to your email address.",
  "verifyRequest.signup": "We sent a link to confirm your address.",
  "verifyRequest.resetPassword":
    "If an account uses this address, we sent a link to reset the password. It works for {duration}.",
  "verifyRequest.address": "Email address: {email}",
  "verifyRequest.notReceived": "No email after a few minutes? Check your spam folder, or send it again.",
  "verifyRequest.resend": "Send the email again",
  "verifyRequest.resent": "Sent again. It can take a few minutes to arrive.",

  // --- sign-up ---
  "signup.title": "Create an account",
  "signup.failed": "Unable to create the account.",
  "signup.submit": "Create account",
  "signup.usePasskey": "Use a passkey instead of a password",
  "passkeySignup.title": "Create an account with a passkey",
  "passkeySignup.intro":
    "A passkey signs you in with your fingerprint, face or screen lock, instead of a password.",
  "passkeySignup.unsupported":
    "Creating an account with a passkey needs a browser that supports passkeys, with JavaScript turned on.",
  "passkeySignup.submit": "Create account with a passkey",

  // --- forgotten and new password ---
  "forgotPassword.title": "Reset your password",
  "forgotPassword.intro":
    "Enter the email address of your account and we will send you a link to choose a new password.",
  "forgotPassword.submit": "Send reset link",
  "forgotPassword.failed": "Unable to send a reset link.",
  "resetPassword.title": "Choose a new password",
  "resetPassword.intro": "Enter a new password for {email}.",
  "resetPassword.submit": "Change password",
  "resetPassword.failed": "Unable to change the password.",

  // --- email verification and change ---
  "confirmVerifyEmail.title": "Confirm your email",
  "confirmVerifyEmail.created": "An account was created on this site with {email} on {date}.",
  "confirmVerifyEmail.createdUndated": "An account was created on this site with {email}.",
  "confirmVerifyEmail.onlyYou":
    "Confirm it only if you created it yourself: whoever created it chose how to sign in to it.",
  "confirmVerifyEmail.submit": "I created this account: confirm",
  "confirmVerifyEmail.notYou":
    "Not you? Do not confirm: {reset} instead. The account becomes yours, and whatever the other person set up on it is removed.",
  "confirmVerifyEmail.reset": "reset the password",
  "confirmVerifyEmail.notYouOnly": "Not you? Do not confirm.",
  "emailVerified.title": "Email verified",
  "emailVerified.text": "Your email address is confirmed. You can sign in now.",
  "confirmChangeEmail.title": "Confirm your new email",
  "confirmChangeEmail.question": "Make {email} the email address of your account?",
  "confirmChangeEmail.submit": "Confirm new email",
  "emailChanged.title": "Email changed",
  "emailChanged.text": "Your account's email address is now {email}.",
  "cancelEmailChange.title": "Stop the email change",
  "cancelEmailChange.text":
    "Someone signed in to your account asked to move it to another email address. If it was not you, stop it here: the change is cancelled, or undone if it went through already, and every device signed in to your account is signed out.",
  "cancelEmailChange.submit": "Stop the change and sign out everywhere",
  "emailChangeCancelled.title": "Change stopped",
  "emailChangeCancelled.text":
    "The email change is cancelled and every device is signed out. Your account's address is {email}.",
  "emailChangeCancelled.notRestored":
    "Every device is signed out, but the change had gone through already and {email} is now used by another account, so it could not be given back. Contact the site for help.",
  "emailChangeCancelled.next":
    "Now choose a new password, in case whoever asked for the change knows yours. Once signed in, check your passkeys, two-factor authentication and linked accounts, and remove anything you do not recognise.",
  "emailChangeCancelled.reset": "Send me a link to choose a new password",

  // --- after a sign-in that claimed an account someone else had created with the address ---
  "accountSecured.title": "This account is yours",
  "accountSecured.text":
    "Someone had created an account with your email address before the address was confirmed. Now that you have proven it is yours, everything they set up on the account has been removed (its password, passkeys, two-factor authentication, accounts at other sites, name and picture), and every session on it has ended.",
  "accountSecured.next": "If you had set any of that up yourself, set it up again in your account settings.",

  // --- two-factor authentication ---
  "twoFactor.title": "Two-factor authentication",
  "twoFactor.codeIntro":
    "Open your authenticator app and enter the {digits}-digit code it shows for this account.",
  "twoFactor.backupIntro":
    "Enter one of the backup codes you saved when you turned on two-factor authentication. Each code works once.",
  "twoFactor.codeLabel": "Code",
  "twoFactor.codeHint": "{digits} digits",
  "twoFactor.backupLabel": "Backup code",
  "twoFactor.backupHint": "{count} letters and digits, like {example}",
  "twoFactor.useApp": "Use your authenticator app instead",
  "twoFactor.useBackup": "Use a backup code instead",
  "twoFactor.failed": "Unable to check the code.",
  "twoFactorSetup.title": "Set up two-factor authentication",
  "twoFactorSetup.intro":
    "Each time you sign in, you will also enter a code from an authenticator app on your phone.",
  "twoFactorSetup.scan": "1. Scan this QR code with your authenticator app.",
  "twoFactorSetup.qrLabel": "QR code to add this account to an authenticator app",
  "twoFactorSetup.manual": "Cannot scan it? Enter this key in the app instead:",
  "twoFactorSetup.enterCode": "2. Enter the code the app shows.",
  "twoFactorSetup.submit": "Turn on two-factor authentication",
  "twoFactorSetup.newKey": "Get a new key",
  "backupCodes.title": "Save your backup codes",
  "backupCodes.on": "Two-factor authentication is on.",
  "backupCodes.intro":
    "If you lose your phone, sign in with one of these {count} codes instead. Each code works once. Keep them somewhere safe: they are not shown again.",
  "backupCodes.listLabel": "Backup codes",

  // --- the error page, and the relay of a provider's form_post ---
  "errorPage.newLink": "Ask for a new link",
  "errorPage.retryIn": "Too many attempts. Try again in {duration}.",
  "errorPage.pausedAccount": "Attempts for this account or email address are paused, to protect it.",
  "errorPage.pausedNetwork": "Attempts from your network (your internet connection) are paused.",
  "relay.title": "Continue signing in",

  // --- mails: `{host}` is the site's host, taken from the link Gatehouse built ---
  "mail.linkExpires": "The link expires in {duration}.",
  "mail.linkWorksOnce": "The link works once.",
  "mail.resetAction": "Reset your password",
  "mail.itWasYou": "If it was you, there is nothing more to do.",
  "mail.signIn.subject": "Sign in to {host}",
  "mail.signIn.heading": "Sign in to {host}",
  "mail.signIn.action": "Sign in",
  "mail.signIn.ignore": "If you did not request this email you can safely ignore it.",
  "mail.verifyEmail.subject": "Confirm your email for {host}",
  "mail.verifyEmail.heading": "Confirm your email for {host}",
  "mail.verifyEmail.intro":
    "An account was created with this email address. If you created it, open this link to confirm the address:",
  "mail.verifyEmail.action": "Confirm email",
  "mail.verifyEmail.ignore":
    "If you did not create it, do not confirm it: ignore this email. To make the account yours instead, reset its password from the sign-in page.",
  "mail.resetPassword.subject": "Reset your password for {host}",
  "mail.resetPassword.heading": "Reset your password for {host}",
  "mail.resetPassword.intro":
    "Someone asked to reset the password of your account. Open this link to choose a new one:",
  "mail.resetPassword.action": "Choose a new password",
  "mail.resetPassword.ignore":
    "If you did not ask for this, you can safely ignore this email: your password stays as it is.",
  "mail.accountExists.subject": "You already have an account on {host}",
  "mail.accountExists.heading": "You already have an account on {host}",
  "mail.accountExists.intro":
    "Someone tried to create an account with this email address, but it already has one.",
  "mail.accountExists.reset":
    "If it was you, sign in with your password. If you have forgotten it, reset it here:",
  "mail.accountExists.ignore": "If it was not you, you can safely ignore this email: nothing has changed.",
  "mail.passwordChanged.subject": "Your password for {host} was changed",
  "mail.passwordChanged.heading": "Your password was changed on {host}",
  "mail.passwordChanged.intro": "The password of your account was just changed.",
  "mail.passwordChanged.reset": "If you did not change it, reset it now to keep your account yours:",
  "mail.confirmNewEmail.subject": "Confirm your new email for {host}",
  "mail.confirmNewEmail.heading": "Confirm your new email for {host}",
  "mail.confirmNewEmail.intro":
    "Someone asked to make this the email address of an account. Open this link to confirm it is yours:",
  "mail.confirmNewEmail.action": "Confirm new email",
  "mail.confirmNewEmail.ignore":
    "The change takes effect only when you confirm it. If you did not ask for this, ignore this email.",
  "mail.emailChangeRequested.subject": "A change of your email on {host} was requested",
  "mail.emailChangeRequested.heading": "A change of your email was requested on {host}",
  "mail.emailChangeRequested.intro":
    "Someone signed in to your account asked to move it to another email address. It changes only when the new address is confirmed.",
  "mail.emailChangeRequested.stop":
    "If it was not you, stop it now: the change is cancelled, every device is signed out, and you choose a new password.",
  "mail.emailChangeRequested.action": "This wasn't me",
  "mail.newSignIn.subject": "New sign-in to your account on {host}",
  "mail.newSignIn.heading": "New sign-in to your account on {host}",
  "mail.newSignIn.intro": "Your account was just signed in to from a browser it has not been used on before:",
  "mail.newSignIn.when": "When: {when}",
  "mail.newSignIn.how": "How: {method}",
  "mail.newSignIn.from": "From: {ip}",
  "mail.newSignIn.browser": "Browser: {browser}",
  "mail.newSignIn.reset": "If this was not you, reset your password now:",
  "mail.accountSecured.subject": "Your account on {host} is yours now",
  "mail.accountSecured.heading": "Your account on {host} is yours now",
  "mail.accountSecured.intro":
    "Someone had created an account on this site with your email address before the address was confirmed. When you proved it is yours, everything they set up on the account was removed (its password, passkeys, two-factor authentication and linked accounts), and every session on it ended.",
  "mail.accountSecured.again": "If you had set any of that up yourself, sign in and set it up again:",
} as const;

/** English, the source of truth: the pages' and mails' messages, then the error codes' (`error.<Code>.title|message`). */
export const en = { ...pages, ...englishErrorMessages() };

/** The key of one message, e.g. `"signin.title"`. */
export type MessageKey = keyof typeof en;

/** Every message of one language. A shipped language is typed as this, so a missing key fails `tsc`. */
export type Messages = Readonly<Record<MessageKey, string>>;
