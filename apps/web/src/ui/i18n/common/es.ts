import type { Messages } from "../catalogue.ts";
import type en from "./en.ts";

const es: Messages<typeof en, "es"> = {
  site: {
    title: "{{page}} · Gatehouse",
    skipToContent: "Saltar al contenido",
    mainNavigation: "Menú principal",
    home: "Inicio",
    protectedPage: "Página protegida",
    account: "Cuenta",
    admin: "Administración",
    footer: "Demo de inicio de sesión de Gatehouse",
    providersLink: "proveedores",
    sessionLink: "sesión en JSON",
    language: "Idioma",
    languageFailed:
      "No se ha podido cargar <name>{{language}}</name>, así que la página no ha cambiado. Comprueba tu conexión, vuelve a cargar la página e inténtalo de nuevo.",
  },
  accountArea: {
    signIn: "Iniciar sesión",
    signOut: "Cerrar sesión",
    signedIn: "Sesión iniciada",
  },
  actions: {
    cancel: "Cancelar",
    keep: "Conservar",
    tryAgain: "Reintentar",
    signInAgain: "Volver a iniciar sesión",
    continue: "Continuar",
    saving: "Guardando…",
    checking: "Comprobando…",
    loading: "Cargando…",
  },
  form: {
    problem: "Hay un problema",
    error: "Error:",
  },
  session: {
    checking: "Comprobando tu sesión…",
  },
  home: {
    heading: "Te damos la bienvenida a Gatehouse",
    lead: "Una pequeña aplicación web que te permite iniciar sesión con OpenID Connect, una contraseña, una llave de acceso o un enlace enviado por correo, reserva una página a quienes han iniciado sesión y da a cada persona con cuenta un único lugar para gestionarla.",
    sessionHeading: "Tu sesión",
    signedOut: "No has iniciado sesión.",
    signedInAs: "Sesión iniciada como <strong>{{name}}</strong>",
    signedInAsWithEmail: "Sesión iniciada como <strong>{{name}}</strong> ({{email}})",
    someone: "alguien",
    sessionUntil: "Tu sesión dura hasta el {{date}}.",
    createAccount: "Crear una cuenta",
    openProtected: "Abrir la página protegida",
    manageAccount: "Gestionar tu cuenta",
  },
  protected: {
    heading: "Página protegida",
    lead: "Solo quienes han iniciado sesión pueden abrir esta página.",
    accountHeading: "Tu cuenta",
    because: "Puedes ver esto porque has iniciado sesión como <strong>{{name}}</strong>.",
    unnamed: "una cuenta sin nombre",
    signedOutNote:
      "Quien abra esta página sin haber iniciado sesión pasará primero por el inicio de sesión y luego volverá aquí.",
  },
  notFound: {
    heading: "Página no encontrada",
    text: "Aquí no hay nada. Vuelve a la <home>página de inicio</home>.",
  },
  accountDeleted: {
    title: "Cuenta eliminada",
    heading: "Tu cuenta se ha eliminado",
    lead: "Tu perfil, tus métodos de inicio de sesión, tus sesiones y tu actividad de seguridad se han borrado, y se ha cerrado tu sesión en todos los dispositivos.",
    again:
      "¿Has cambiado de opinión? Puedes crear una cuenta nueva en cualquier momento desde la <home>página de inicio</home>.",
  },
  passkeySignIn: {
    button: "Continuar con una llave de acceso",
    waiting: "Esperando tu llave de acceso…",
  },
  methods: {
    password: "Contraseña",
    passkey: "Llave de acceso",
    email: "Enlace por correo",
  },
  device: {
    named: "{{browser}} en {{os}}",
    unknown: "Dispositivo desconocido",
    desktop: "Ordenador",
    mobile: "Teléfono",
    tablet: "Tableta",
    tv: "Televisor",
    unknownType: "Tipo de dispositivo desconocido",
  },
  errors: {
    Default: "Algo ha fallado. Vuelve a intentarlo en un momento.",
    NetworkError: "No se ha podido conectar con el servidor. Comprueba tu conexión y vuelve a intentarlo.",
    SessionRequired: "Tu sesión ha terminado. Vuelve a iniciar sesión para gestionar tu cuenta.",
    MissingCSRF:
      "Tu navegador no ha enviado la cookie de seguridad. Permite las cookies de este sitio, recarga la página y vuelve a intentarlo.",
    RateLimited: "Demasiados intentos. Espera un momento y vuelve a intentarlo.",
    RateLimitedFor_one: "Demasiados intentos. Vuelve a intentarlo dentro de {{count, number}} segundo.",
    RateLimitedFor_many: "Demasiados intentos. Vuelve a intentarlo dentro de {{count, number}} de segundos.",
    RateLimitedFor_other: "Demasiados intentos. Vuelve a intentarlo dentro de {{count, number}} segundos.",
    StorageUnavailable: "Este servicio no está disponible en este momento. Vuelve a intentarlo en breve.",
    UnknownAction: "Este sitio no ofrece esa función.",
    ReauthenticationRequired:
      "Para este cambio, confirma que eres tú: introduce tu contraseña o un código de tu aplicación de autenticación.",
    ReauthenticationCancelled: "No se ha cambiado nada.",
    CredentialsSignin: "No se ha podido iniciar sesión. Comprueba los datos que has introducido.",
    AccessDenied: "No tienes permiso para iniciar sesión.",
    AccountDisabled: "Esta cuenta está desactivada. Ponte en contacto con la administración del sitio.",
    EmailNotVerified: "Primero confirma tu dirección de correo: te hemos enviado un enlace nuevo.",
    EmailInvalid: "Introduce una dirección de correo válida.",
    PasswordTooShort: "Usa una contraseña de al menos 8 caracteres.",
    PasswordTooLong: "Usa una contraseña de 256 caracteres como máximo.",
    PasswordBreached: "Esta contraseña aparece en listas de contraseñas filtradas. Elige otra.",
    CurrentPasswordIncorrect: "La contraseña actual no es correcta.",
    PasswordNotSet: "Esta cuenta aún no tiene contraseña: crea una.",
    PasswordAlreadySet: "Esta cuenta ya tiene contraseña: cámbiala.",
    TwoFactorAlreadyOn: "La autenticación de dos factores ya está activada: desactívala primero.",
    TwoFactorNotOn: "La autenticación de dos factores no está activada en esta cuenta.",
    TwoFactorCodeInvalid:
      "Ese código no es correcto. Revisa tu aplicación de autenticación y vuelve a intentarlo.",
    PasskeyInvalid:
      "Esa llave de acceso no ha podido iniciar tu sesión. Vuelve a intentarlo o usa otra forma de iniciar sesión.",
    PasskeyRegistrationFailed: "No se ha podido guardar la llave de acceso. Vuelve a intentarlo.",
    PasskeyNotFound: "Esa llave de acceso no es tuya.",
    PasskeyCancelled: "Se ha cancelado la solicitud de la llave de acceso, así que no ha cambiado nada.",
    PasskeyAlreadyRegistered:
      "Este dispositivo o gestor de contraseñas ya guarda una llave de acceso para tu cuenta.",
    PasskeyUnsupported: "Este navegador no puede usar llaves de acceso.",
    PasskeyCeremonyFailed:
      "Tu navegador no ha podido completar la solicitud de la llave de acceso. Vuelve a intentarlo.",
    LastSignInMethod:
      "Es la última forma que tienes de iniciar sesión en tu cuenta: añade otra antes de quitar esta.",
    SessionNotFound: "Esa sesión ya ha terminado o no es tuya.",
    SessionsUnavailable: "Este sitio no guarda una lista de tus sesiones.",
    UnknownProvider: "Este sitio no ofrece ese proveedor de inicio de sesión.",
    AccountNotLinked: "No hay ninguna cuenta de ese proveedor vinculada a la tuya.",
    AdminRequired: "Solo un administrador puede hacer esto.",
    UserNotFound: "Ese usuario no existe.",
    AdminSelfAction:
      "No puedes hacer esto con tu propia cuenta aquí: usa la configuración de tu cuenta o pídeselo a otro administrador.",
    RoleUnknown: "Este sitio no asigna ese rol.",
    PasswordResetUnavailable: "No se puede enviar un enlace para restablecer la contraseña de esta cuenta.",
    MailNotSent: "No se ha podido enviar el correo. Vuelve a intentarlo en un momento.",
    AccountChanged:
      "La configuración de seguridad de tu cuenta cambió mientras tanto, así que no se ha hecho nada. Vuelve a iniciar sesión e inténtalo de nuevo.",
  },
};

export default es;
