import type { Messages } from "../../i18n/messages/en.ts";

/** Spanish ("tú", as Google's and Apple's Spanish do; "llave de acceso" for passkey). */
export const es: Messages = {
  "common.signIn": "Iniciar sesión",
  "common.continue": "Continuar",
  "common.backToSignIn": "Volver a iniciar sesión",
  "common.haveAccount": "¿Ya tienes una cuenta? Inicia sesión",
  "field.email": "Correo electrónico",
  "field.password": "Contraseña",
  "field.newPassword": "Nueva contraseña",
  "field.nameOptional": "Nombre (opcional)",
  "field.newPasswordHint": "Al menos {count} caracteres",
  "field.showPassword": "Mostrar contraseña",
  "provider.email": "Correo electrónico",
  "provider.password": "Correo y contraseña",
  "provider.passkey": "Llave de acceso",

  "signin.title": "Iniciar sesión",
  "signin.withProvider": "Iniciar sesión con {provider}",
  "signin.emailPlaceholder": "nombre@ejemplo.com",
  "signin.emailLinkHint": "Te enviamos un enlace para iniciar sesión por correo: no necesitas contraseña.",
  "signin.failed": "No se pudo iniciar sesión.",
  "signin.noMethods": "No hay ningún método de inicio de sesión configurado.",
  "signin.forgotPassword": "¿Olvidaste tu contraseña?",
  "signin.createAccount": "Crear una cuenta",
  "signin.passwordReset": "Se ha cambiado tu contraseña. Inicia sesión con la nueva.",
  "signin.emailVerified": "Tu dirección de correo está verificada. Ya puedes iniciar sesión.",
  "signin.accountSecured":
    "Tu contraseña está establecida y la cuenta es tuya: alguien la había creado con tu dirección antes de que se confirmara, y se ha eliminado todo lo que había configurado en ella. Inicia sesión con tu nueva contraseña.",
  "signin.withPasskey": "Iniciar sesión con una llave de acceso",
  "signin.passkeySignUp": "Crear una cuenta con una llave de acceso",

  "confirmEmail.title": "Confirmar inicio de sesión",
  "confirmEmail.question": "¿Iniciar sesión como {email}?",

  "signout.title": "Cerrar sesión",
  "signout.question": "¿Seguro que quieres cerrar sesión?",
  "signout.submit": "Cerrar sesión",

  "verifyRequest.title": "Revisa tu correo",
  "verifyRequest.signin": "Te hemos enviado un enlace para iniciar sesión a tu dirección de correo.",
  "verifyRequest.signup": "Te hemos enviado un enlace para confirmar tu dirección.",
  "verifyRequest.resetPassword":
    "Si alguna cuenta usa esta dirección, te hemos enviado un enlace para restablecer la contraseña. Es válido durante {duration}.",
  "verifyRequest.address": "Dirección de correo: {email}",
  "verifyRequest.notReceived":
    "¿No te ha llegado nada en unos minutos? Revisa la carpeta de spam o vuelve a enviarlo.",
  "verifyRequest.resend": "Volver a enviar el correo",
  "verifyRequest.resent": "Enviado de nuevo. Puede tardar unos minutos en llegar.",

  "signup.title": "Crear una cuenta",
  "signup.failed": "No se pudo crear la cuenta.",
  "signup.submit": "Crear cuenta",
  "signup.usePasskey": "Usar una llave de acceso en lugar de una contraseña",
  "passkeySignup.title": "Crear una cuenta con una llave de acceso",
  "passkeySignup.intro":
    "Con una llave de acceso inicias sesión con tu huella, tu cara o el bloqueo de pantalla, sin contraseña.",
  "passkeySignup.unsupported":
    "Para crear una cuenta con una llave de acceso necesitas un navegador compatible con llaves de acceso y con JavaScript activado.",
  "passkeySignup.submit": "Crear cuenta con una llave de acceso",

  "forgotPassword.title": "Restablecer tu contraseña",
  "forgotPassword.intro":
    "Escribe la dirección de correo de tu cuenta y te enviaremos un enlace para elegir una nueva contraseña.",
  "forgotPassword.submit": "Enviar enlace",
  "forgotPassword.failed": "No se pudo enviar el enlace para restablecer la contraseña.",
  "resetPassword.title": "Elegir una nueva contraseña",
  "resetPassword.intro": "Escribe una nueva contraseña para {email}.",
  "resetPassword.submit": "Cambiar contraseña",
  "resetPassword.failed": "No se pudo cambiar la contraseña.",

  "confirmVerifyEmail.title": "Confirmar tu correo",
  "confirmVerifyEmail.created": "Se creó una cuenta en este sitio con {email} el {date}.",
  "confirmVerifyEmail.createdUndated": "Se creó una cuenta en este sitio con {email}.",
  "confirmVerifyEmail.onlyYou":
    "Confírmala solo si la creaste tú: quien la creó eligió cómo iniciar sesión en ella.",
  "confirmVerifyEmail.submit": "Yo creé esta cuenta: confirmar",
  "confirmVerifyEmail.notYou":
    "¿No fuiste tú? No la confirmes: {reset}. La cuenta pasa a ser tuya y se elimina todo lo que la otra persona configuró en ella.",
  "confirmVerifyEmail.reset": "restablece la contraseña",
  "confirmVerifyEmail.notYouOnly": "¿No fuiste tú? No la confirmes.",
  "emailVerified.title": "Correo verificado",
  "emailVerified.text": "Tu dirección de correo está confirmada. Ya puedes iniciar sesión.",
  "confirmChangeEmail.title": "Confirmar tu nuevo correo",
  "confirmChangeEmail.question": "¿Usar {email} como dirección de correo de tu cuenta?",
  "confirmChangeEmail.submit": "Confirmar nuevo correo",
  "emailChanged.title": "Correo cambiado",
  "emailChanged.text": "La dirección de correo de tu cuenta ahora es {email}.",
  "cancelEmailChange.title": "Detener el cambio de correo",
  "cancelEmailChange.text":
    "Alguien con la sesión iniciada en tu cuenta ha pedido pasarla a otra dirección de correo. Si no fuiste tú, detenlo aquí: el cambio se cancela, o se deshace si ya se hizo, y se cierra la sesión en todos los dispositivos conectados a tu cuenta.",
  "cancelEmailChange.submit": "Detener el cambio y cerrar sesión en todas partes",
  "emailChangeCancelled.title": "Cambio detenido",
  "emailChangeCancelled.text":
    "El cambio de correo se ha cancelado y se ha cerrado la sesión en todos los dispositivos. La dirección de tu cuenta es {email}.",
  "emailChangeCancelled.notRestored":
    "Se ha cerrado la sesión en todos los dispositivos, pero el cambio ya se había hecho y {email} ahora la usa otra cuenta, así que no se ha podido recuperar. Ponte en contacto con el sitio para pedir ayuda.",
  "emailChangeCancelled.next":
    "Ahora elige una contraseña nueva, por si quien pidió el cambio conoce la tuya. Cuando inicies sesión, revisa tus llaves de acceso, la autenticación de dos factores y las cuentas vinculadas, y elimina todo lo que no reconozcas.",
  "emailChangeCancelled.reset": "Enviarme un enlace para elegir una contraseña nueva",
  "accountSecured.title": "Esta cuenta es tuya",
  "accountSecured.text":
    "Alguien había creado una cuenta con tu dirección de correo antes de que se confirmara. Ahora que has demostrado que es tuya, se ha eliminado todo lo que esa persona había configurado en la cuenta (su contraseña, llaves de acceso, autenticación de dos factores, cuentas en otros sitios, nombre e imagen) y se han cerrado todas las sesiones abiertas en ella.",
  "accountSecured.next": "Si configuraste algo de eso tú, vuelve a configurarlo en los ajustes de tu cuenta.",

  "twoFactor.title": "Autenticación de dos factores",
  "twoFactor.codeIntro":
    "Abre tu aplicación de autenticación y escribe el código de {digits} dígitos que muestra para esta cuenta.",
  "twoFactor.backupIntro":
    "Escribe uno de los códigos de respaldo que guardaste al activar la autenticación de dos factores. Cada código funciona una sola vez.",
  "twoFactor.codeLabel": "Código",
  "twoFactor.codeHint": "{digits} dígitos",
  "twoFactor.backupLabel": "Código de respaldo",
  "twoFactor.backupHint": "{count} letras y números, como {example}",
  "twoFactor.useApp": "Usar tu aplicación de autenticación",
  "twoFactor.useBackup": "Usar un código de respaldo",
  "twoFactor.failed": "No se pudo comprobar el código.",
  "twoFactorSetup.title": "Configurar la autenticación de dos factores",
  "twoFactorSetup.intro":
    "Cada vez que inicies sesión, también tendrás que escribir un código de una aplicación de autenticación de tu teléfono.",
  "twoFactorSetup.scan": "1. Escanea este código QR con tu aplicación de autenticación.",
  "twoFactorSetup.qrLabel": "Código QR para añadir esta cuenta a una aplicación de autenticación",
  "twoFactorSetup.manual": "¿No puedes escanearlo? Escribe esta clave en la aplicación:",
  "twoFactorSetup.enterCode": "2. Escribe el código que muestra la aplicación.",
  "twoFactorSetup.submit": "Activar la autenticación de dos factores",
  "twoFactorSetup.newKey": "Obtener una clave nueva",
  "backupCodes.title": "Guarda tus códigos de respaldo",
  "backupCodes.on": "La autenticación de dos factores está activada.",
  "backupCodes.intro":
    "Si pierdes el teléfono, inicia sesión con uno de estos {count} códigos. Cada código funciona una sola vez. Guárdalos en un lugar seguro: no se volverán a mostrar.",
  "backupCodes.listLabel": "Códigos de respaldo",

  "errorPage.newLink": "Pedir un enlace nuevo",
  "errorPage.retryIn": "Demasiados intentos. Vuelve a intentarlo dentro de {duration}.",
  "errorPage.pausedAccount":
    "Los intentos para esta cuenta o dirección de correo están en pausa, para protegerla.",
  "errorPage.pausedNetwork": "Los intentos desde tu red (tu conexión a internet) están en pausa.",
  "relay.title": "Continuar con el inicio de sesión",

  "mail.linkExpires": "El enlace caduca en {duration}.",
  "mail.linkWorksOnce": "El enlace funciona una sola vez.",
  "mail.resetAction": "Restablecer tu contraseña",
  "mail.itWasYou": "Si fuiste tú, no tienes que hacer nada más.",
  "mail.signIn.subject": "Inicia sesión en {host}",
  "mail.signIn.heading": "Inicia sesión en {host}",
  "mail.signIn.action": "Iniciar sesión",
  "mail.signIn.ignore": "Si no has pedido este correo, puedes ignorarlo sin problema.",
  "mail.verifyEmail.subject": "Confirma tu correo para {host}",
  "mail.verifyEmail.heading": "Confirma tu correo para {host}",
  "mail.verifyEmail.intro":
    "Se ha creado una cuenta con esta dirección de correo. Si la creaste tú, abre este enlace para confirmar la dirección:",
  "mail.verifyEmail.action": "Confirmar correo",
  "mail.verifyEmail.ignore":
    "Si no la creaste tú, no la confirmes: ignora este correo. Para que la cuenta sea tuya, restablece su contraseña desde la página de inicio de sesión.",
  "mail.resetPassword.subject": "Restablece tu contraseña de {host}",
  "mail.resetPassword.heading": "Restablece tu contraseña de {host}",
  "mail.resetPassword.intro":
    "Alguien ha pedido restablecer la contraseña de tu cuenta. Abre este enlace para elegir una nueva:",
  "mail.resetPassword.action": "Elegir una nueva contraseña",
  "mail.resetPassword.ignore":
    "Si no lo has pedido tú, puedes ignorar este correo sin problema: tu contraseña no cambia.",
  "mail.accountExists.subject": "Ya tienes una cuenta en {host}",
  "mail.accountExists.heading": "Ya tienes una cuenta en {host}",
  "mail.accountExists.intro":
    "Alguien ha intentado crear una cuenta con esta dirección de correo, pero ya tiene una.",
  "mail.accountExists.reset":
    "Si fuiste tú, inicia sesión con tu contraseña. Si la has olvidado, restablécela aquí:",
  "mail.accountExists.ignore":
    "Si no fuiste tú, puedes ignorar este correo sin problema: no ha cambiado nada.",
  "mail.passwordChanged.subject": "Se ha cambiado tu contraseña de {host}",
  "mail.passwordChanged.heading": "Se ha cambiado tu contraseña en {host}",
  "mail.passwordChanged.intro": "Se acaba de cambiar la contraseña de tu cuenta.",
  "mail.passwordChanged.reset":
    "Si no la has cambiado tú, restablécela ahora para no perder el control de tu cuenta:",
  "mail.confirmNewEmail.subject": "Confirma tu nuevo correo para {host}",
  "mail.confirmNewEmail.heading": "Confirma tu nuevo correo para {host}",
  "mail.confirmNewEmail.intro":
    "Alguien ha pedido que esta sea la dirección de correo de una cuenta. Abre este enlace para confirmar que es tuya:",
  "mail.confirmNewEmail.action": "Confirmar nuevo correo",
  "mail.confirmNewEmail.ignore":
    "El cambio solo se aplica cuando lo confirmas. Si no lo has pedido, ignora este correo.",
  "mail.emailChangeRequested.subject": "Se ha pedido cambiar tu correo en {host}",
  "mail.emailChangeRequested.heading": "Se ha pedido cambiar tu correo en {host}",
  "mail.emailChangeRequested.intro":
    "Alguien con la sesión iniciada en tu cuenta ha pedido pasarla a otra dirección de correo. Solo cambiará cuando se confirme la nueva dirección.",
  "mail.emailChangeRequested.stop":
    "Si no fuiste tú, detenlo ahora: el cambio se cancela, se cierra la sesión en todos los dispositivos y eliges una contraseña nueva.",
  "mail.emailChangeRequested.action": "No fui yo",
  "mail.newSignIn.subject": "Nuevo inicio de sesión en tu cuenta de {host}",
  "mail.newSignIn.heading": "Nuevo inicio de sesión en tu cuenta de {host}",
  "mail.newSignIn.intro":
    "Se acaba de iniciar sesión en tu cuenta desde un navegador en el que nunca se había usado:",
  "mail.newSignIn.when": "Cuándo: {when}",
  "mail.newSignIn.how": "Cómo: {method}",
  "mail.newSignIn.from": "Desde: {ip}",
  "mail.newSignIn.browser": "Navegador: {browser}",
  "mail.newSignIn.reset": "Si no fuiste tú, restablece tu contraseña ahora:",
  "mail.accountSecured.subject": "Tu cuenta en {host} ya es tuya",
  "mail.accountSecured.heading": "Tu cuenta en {host} ya es tuya",
  "mail.accountSecured.intro":
    "Alguien había creado una cuenta en este sitio con tu dirección de correo antes de que se confirmara. Cuando demostraste que es tuya, se eliminó todo lo que esa persona había configurado en la cuenta (su contraseña, llaves de acceso, autenticación de dos factores y cuentas vinculadas) y se cerraron todas las sesiones abiertas en ella.",
  "mail.accountSecured.again": "Si configuraste algo de eso tú, inicia sesión y vuelve a configurarlo:",

  "error.OAuthSignin.title": "No se pudo empezar a iniciar sesión",
  "error.OAuthSignin.message": "Prueba a iniciar sesión con otra cuenta.",
  "error.OAuthCallback.title": "Error al iniciar sesión",
  "error.OAuthCallback.message": "Prueba a iniciar sesión con otra cuenta.",
  "error.OAuthCreateAccount.title": "No se pudo crear la cuenta",
  "error.OAuthCreateAccount.message": "Prueba a iniciar sesión con otra cuenta.",
  "error.EmailCreateAccount.title": "No se pudo crear la cuenta",
  "error.EmailCreateAccount.message": "Prueba a iniciar sesión con otra cuenta.",
  "error.Callback.title": "Error al iniciar sesión",
  "error.Callback.message": "Prueba a iniciar sesión con otra cuenta.",
  "error.OAuthAccountNotLinked.title": "Cuenta no vinculada",
  "error.OAuthAccountNotLinked.message":
    "Para confirmar tu identidad, inicia sesión con la misma cuenta que usaste la primera vez.",
  "error.EmailSignin.title": "No se pudo enviar el correo",
  "error.EmailSignin.message": "No se ha podido enviar el correo.",
  "error.CredentialsSignin.title": "Error al iniciar sesión",
  "error.CredentialsSignin.message":
    "No se pudo iniciar sesión. Comprueba que los datos que has escrito son correctos.",
  "error.SessionRequired.title": "Tienes que iniciar sesión",
  "error.SessionRequired.message": "Inicia sesión para acceder a esta página.",
  "error.TwoFactorExpired.title": "Inicio de sesión caducado",
  "error.TwoFactorExpired.message":
    "El inicio de sesión ha tardado demasiado o ya había terminado. Vuelve a iniciar sesión.",
  "error.MissingCSRF.title": "Formulario caducado",
  "error.MissingCSRF.message": "El formulario ha caducado o viene de otro sitio. Vuelve a intentarlo.",
  "error.EmailInvalid.title": "Falta la dirección de correo",
  "error.EmailInvalid.message": "Escribe una dirección de correo válida.",
  "error.PasswordTooShort.title": "Contraseña demasiado corta",
  "error.PasswordTooShort.message": "Usa una contraseña de al menos 8 caracteres.",
  "error.PasswordTooLong.title": "Contraseña demasiado larga",
  "error.PasswordTooLong.message": "Usa una contraseña de 256 caracteres como máximo.",
  "error.PasswordBreached.title": "Contraseña demasiado común",
  "error.PasswordBreached.message": "Esta contraseña aparece en listas de contraseñas filtradas. Elige otra.",
  "error.EmailNotVerified.title": "Correo sin verificar",
  "error.EmailNotVerified.message":
    "Primero confirma tu dirección de correo: te hemos enviado un enlace nuevo.",
  "error.AccountDisabled.title": "Cuenta desactivada",
  "error.AccountDisabled.message":
    "Esta cuenta está desactivada. Ponte en contacto con el administrador del sitio.",
  "error.AccountChanged.title": "Tu cuenta ha cambiado",
  "error.AccountChanged.message":
    "La configuración de seguridad de tu cuenta cambió mientras tanto, así que no se ha hecho nada. Vuelve a iniciar sesión e inténtalo de nuevo.",
  "error.PasskeyInvalid.title": "Llave de acceso no aceptada",
  "error.PasskeyInvalid.message":
    "No se ha podido iniciar sesión con esa llave de acceso. Vuelve a intentarlo o usa otra forma de iniciar sesión.",
  "error.Configuration.title": "Error del servidor",
  "error.Configuration.message":
    "Hay un problema con la configuración del servidor. Consulta los registros del servidor para saber más.",
  "error.AccessDenied.title": "Acceso denegado",
  "error.AccessDenied.message": "No tienes permiso para iniciar sesión.",
  "error.Verification.title": "No se puede iniciar sesión",
  "error.Verification.message":
    "El enlace para iniciar sesión ya no es válido. Puede que ya se haya usado o que haya caducado.",
  "error.OAuthCallbackReplayed.title": "Inicio de sesión ya usado",
  "error.OAuthCallbackReplayed.message":
    "Este inicio de sesión ya se completó. Si no has iniciado sesión, vuelve a iniciarla.",
  "error.PasswordResetInvalid.title": "Enlace caducado",
  "error.PasswordResetInvalid.message":
    "Este enlace para restablecer la contraseña ya no es válido. Puede que ya se haya usado o que haya caducado. Pide uno nuevo.",
  "error.StorageUnavailable.title": "No disponible por ahora",
  "error.StorageUnavailable.message":
    "Ahora mismo no se puede iniciar sesión. Vuelve a intentarlo en un momento.",
  "error.Default.title": "Error",
  "error.Default.message": "Algo ha fallado al iniciar sesión.",
  "error.RateLimited.title": "Demasiados intentos",
  "error.RateLimited.message": "Demasiados intentos. Espera un momento y vuelve a intentarlo.",
  "error.BackupCodeUsed.title": "Código ya usado",
  "error.BackupCodeUsed.message":
    "Ese código de respaldo ya se ha usado: cada código funciona una sola vez. Usa otro código de respaldo o tu aplicación de autenticación.",
  "error.TwoFactorCodeInvalid.title": "Código incorrecto",
  "error.TwoFactorCodeInvalid.message":
    "Ese código no es correcto. Revisa tu aplicación de autenticación y vuelve a intentarlo.",
  "error.PasskeyRegistrationFailed.title": "Llave de acceso no guardada",
  "error.PasskeyRegistrationFailed.message":
    "No se ha podido guardar la llave de acceso. Vuelve a intentarlo.",
};
