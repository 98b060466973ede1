import type { Messages } from "../../i18n/messages/en.ts";

/**
 * Portuguese as written in Brazil ("você", "senha", "celular", "app"; "chave de acesso" for
 * passkey) — also what `pt` and `pt-PT` get, unless an app adds a `pt-PT` of its own.
 */
export const ptBR: Messages = {
  "common.signIn": "Entrar",
  "common.continue": "Continuar",
  "common.backToSignIn": "Voltar para o login",
  "common.haveAccount": "Já tem uma conta? Entrar",
  "field.email": "E-mail",
  "field.password": "Senha",
  "field.newPassword": "Nova senha",
  "field.nameOptional": "Nome (opcional)",
  "field.newPasswordHint": "Pelo menos {count} caracteres",
  "field.showPassword": "Mostrar senha",
  "provider.email": "E-mail",
  "provider.password": "E-mail e senha",
  "provider.passkey": "Chave de acesso",

  "signin.title": "Entrar",
  "signin.withProvider": "Entrar com {provider}",
  "signin.emailPlaceholder": "nome@exemplo.com.br",
  "signin.emailLinkHint": "Enviamos um link de login por e-mail: você não precisa de senha.",
  "signin.failed": "Não foi possível entrar.",
  "signin.noMethods": "Nenhuma forma de login está configurada.",
  "signin.forgotPassword": "Esqueceu a senha?",
  "signin.createAccount": "Criar uma conta",
  "signin.passwordReset": "Sua senha foi alterada. Entre com a nova senha.",
  "signin.emailVerified": "Seu endereço de e-mail foi verificado. Agora você já pode entrar.",
  "signin.accountSecured":
    "Sua senha foi definida e a conta é sua: alguém a tinha criado com o seu endereço antes de ele ser confirmado, e tudo o que essa pessoa configurou nela foi removido. Entre com sua nova senha.",
  "signin.withPasskey": "Entrar com uma chave de acesso",
  "signin.passkeySignUp": "Criar uma conta com uma chave de acesso",

  "confirmEmail.title": "Confirmar login",
  "confirmEmail.question": "Entrar como {email}?",

  "signout.title": "Sair",
  "signout.question": "Tem certeza de que deseja sair?",
  "signout.submit": "Sair",

  "verifyRequest.title": "Confira seu e-mail",
  "verifyRequest.signin": "Enviamos um link de login para o seu endereço de e-mail.",
  "verifyRequest.signup": "Enviamos um link para confirmar seu endereço.",
  "verifyRequest.resetPassword":
    "Se alguma conta usar este endereço, enviamos um link para redefinir a senha. Ele vale por {duration}.",
  "verifyRequest.address": "Endereço de e-mail: {email}",
  "verifyRequest.notReceived":
    "O e-mail não chegou depois de alguns minutos? Confira a pasta de spam ou envie de novo.",
  "verifyRequest.resend": "Enviar o e-mail de novo",
  "verifyRequest.resent": "Enviado de novo. Pode levar alguns minutos para chegar.",

  "signup.title": "Criar uma conta",
  "signup.failed": "Não foi possível criar a conta.",
  "signup.submit": "Criar conta",
  "signup.usePasskey": "Usar uma chave de acesso em vez de senha",
  "passkeySignup.title": "Criar uma conta com uma chave de acesso",
  "passkeySignup.intro":
    "Com uma chave de acesso, você entra usando sua impressão digital, seu rosto ou o bloqueio de tela, sem precisar de senha.",
  "passkeySignup.unsupported":
    "Para criar uma conta com uma chave de acesso, é preciso um navegador compatível com chaves de acesso e com o JavaScript ativado.",
  "passkeySignup.submit": "Criar conta com uma chave de acesso",

  "forgotPassword.title": "Redefinir sua senha",
  "forgotPassword.intro":
    "Digite o endereço de e-mail da sua conta e enviaremos um link para você escolher uma nova senha.",
  "forgotPassword.submit": "Enviar link de redefinição",
  "forgotPassword.failed": "Não foi possível enviar o link de redefinição.",
  "resetPassword.title": "Escolha uma nova senha",
  "resetPassword.intro": "Digite uma nova senha para {email}.",
  "resetPassword.submit": "Alterar senha",
  "resetPassword.failed": "Não foi possível alterar a senha.",

  "confirmVerifyEmail.title": "Confirme seu e-mail",
  "confirmVerifyEmail.created": "Uma conta foi criada neste site com {email} em {date}.",
  "confirmVerifyEmail.createdUndated": "Uma conta foi criada neste site com {email}.",
  "confirmVerifyEmail.onlyYou":
    "Confirme somente se foi você que a criou: quem a criou escolheu como entrar nela.",
  "confirmVerifyEmail.submit": "Eu criei esta conta: confirmar",
  "confirmVerifyEmail.notYou":
    "Não foi você? Não confirme: {reset}. A conta passa a ser sua, e tudo o que a outra pessoa configurou nela é removido.",
  "confirmVerifyEmail.reset": "redefina a senha",
  "confirmVerifyEmail.notYouOnly": "Não foi você? Não confirme.",
  "emailVerified.title": "E-mail verificado",
  "emailVerified.text": "Seu endereço de e-mail foi confirmado. Agora você já pode entrar.",
  "confirmChangeEmail.title": "Confirme seu novo e-mail",
  "confirmChangeEmail.question": "Usar {email} como o endereço de e-mail da sua conta?",
  "confirmChangeEmail.submit": "Confirmar novo e-mail",
  "emailChanged.title": "E-mail alterado",
  "emailChanged.text": "O endereço de e-mail da sua conta agora é {email}.",
  "cancelEmailChange.title": "Impedir a mudança de e-mail",
  "cancelEmailChange.text":
    "Alguém conectado à sua conta pediu para mudá-la para outro endereço de e-mail. Se não foi você, impeça aqui: a mudança é cancelada, ou desfeita se já aconteceu, e todos os dispositivos conectados à sua conta são desconectados.",
  "cancelEmailChange.submit": "Impedir a mudança e sair em todos os dispositivos",
  "emailChangeCancelled.title": "Mudança impedida",
  "emailChangeCancelled.text":
    "A mudança de e-mail foi cancelada e todos os dispositivos foram desconectados. O endereço da sua conta é {email}.",
  "emailChangeCancelled.notRestored":
    "Todos os dispositivos foram desconectados, mas a mudança já tinha acontecido e {email} agora é usado por outra conta, então não foi possível devolvê-lo. Entre em contato com o site para pedir ajuda.",
  "emailChangeCancelled.next":
    "Agora escolha uma senha nova, caso quem pediu a mudança saiba a sua. Depois de entrar, confira suas chaves de acesso, a autenticação de dois fatores e as contas vinculadas, e remova o que você não reconhecer.",
  "emailChangeCancelled.reset": "Enviar um link para escolher uma senha nova",
  "accountSecured.title": "Esta conta é sua",
  "accountSecured.text":
    "Alguém tinha criado uma conta com o seu endereço de e-mail antes de ele ser confirmado. Agora que você provou que ele é seu, tudo o que essa pessoa configurou na conta foi removido (senha, chaves de acesso, autenticação de dois fatores, contas em outros sites, nome e foto), e todas as sessões abertas nela foram encerradas.",
  "accountSecured.next":
    "Se você mesmo tinha configurado alguma dessas coisas, configure de novo nas configurações da sua conta.",

  "twoFactor.title": "Autenticação de dois fatores",
  "twoFactor.codeIntro":
    "Abra seu app autenticador e digite o código de {digits} dígitos que ele mostra para esta conta.",
  "twoFactor.backupIntro":
    "Digite um dos códigos de backup que você salvou ao ativar a autenticação de dois fatores. Cada código só funciona uma vez.",
  "twoFactor.codeLabel": "Código",
  "twoFactor.codeHint": "{digits} dígitos",
  "twoFactor.backupLabel": "Código de backup",
  "twoFactor.backupHint": "{count} letras e números, como {example}",
  "twoFactor.useApp": "Usar o app autenticador",
  "twoFactor.useBackup": "Usar um código de backup",
  "twoFactor.failed": "Não foi possível verificar o código.",
  "twoFactorSetup.title": "Configurar a autenticação de dois fatores",
  "twoFactorSetup.intro":
    "Sempre que entrar, você também vai digitar um código de um app autenticador no seu celular.",
  "twoFactorSetup.scan": "1. Leia este QR code com seu app autenticador.",
  "twoFactorSetup.qrLabel": "QR code para adicionar esta conta a um app autenticador",
  "twoFactorSetup.manual": "Não consegue ler o código? Digite esta chave no app:",
  "twoFactorSetup.enterCode": "2. Digite o código que o app mostra.",
  "twoFactorSetup.submit": "Ativar a autenticação de dois fatores",
  "twoFactorSetup.newKey": "Gerar uma nova chave",
  "backupCodes.title": "Salve seus códigos de backup",
  "backupCodes.on": "A autenticação de dois fatores está ativada.",
  "backupCodes.intro":
    "Se você perder o celular, entre com um destes {count} códigos. Cada código só funciona uma vez. Guarde-os em um lugar seguro: eles não serão mostrados de novo.",
  "backupCodes.listLabel": "Códigos de backup",

  "errorPage.newLink": "Pedir um novo link",
  "errorPage.retryIn": "Muitas tentativas. Tente novamente em {duration}.",
  "errorPage.pausedAccount":
    "As tentativas para esta conta ou endereço de e-mail estão pausadas, para protegê-la.",
  "errorPage.pausedNetwork":
    "As tentativas a partir da sua rede (sua conexão com a internet) estão pausadas.",
  "relay.title": "Continuar o login",

  "mail.linkExpires": "O link expira em {duration}.",
  "mail.linkWorksOnce": "O link só funciona uma vez.",
  "mail.resetAction": "Redefinir sua senha",
  "mail.itWasYou": "Se foi você, não é preciso fazer mais nada.",
  "mail.signIn.subject": "Entrar em {host}",
  "mail.signIn.heading": "Entrar em {host}",
  "mail.signIn.action": "Entrar",
  "mail.signIn.ignore": "Se você não pediu este e-mail, pode ignorá-lo com segurança.",
  "mail.verifyEmail.subject": "Confirme seu e-mail em {host}",
  "mail.verifyEmail.heading": "Confirme seu e-mail em {host}",
  "mail.verifyEmail.intro":
    "Uma conta foi criada com este endereço de e-mail. Se foi você que a criou, abra este link para confirmar o endereço:",
  "mail.verifyEmail.action": "Confirmar e-mail",
  "mail.verifyEmail.ignore":
    "Se não foi você que a criou, não confirme: ignore este e-mail. Para que a conta passe a ser sua, redefina a senha dela na página de entrada.",
  "mail.resetPassword.subject": "Redefina sua senha em {host}",
  "mail.resetPassword.heading": "Redefina sua senha em {host}",
  "mail.resetPassword.intro":
    "Alguém pediu para redefinir a senha da sua conta. Abra este link para escolher uma nova:",
  "mail.resetPassword.action": "Escolher uma nova senha",
  "mail.resetPassword.ignore":
    "Se você não fez esse pedido, pode ignorar este e-mail com segurança: sua senha continua a mesma.",
  "mail.accountExists.subject": "Você já tem uma conta em {host}",
  "mail.accountExists.heading": "Você já tem uma conta em {host}",
  "mail.accountExists.intro":
    "Alguém tentou criar uma conta com este endereço de e-mail, mas ele já tem uma.",
  "mail.accountExists.reset": "Se foi você, entre com sua senha. Se você a esqueceu, redefina-a aqui:",
  "mail.accountExists.ignore": "Se não foi você, pode ignorar este e-mail com segurança: nada mudou.",
  "mail.passwordChanged.subject": "Sua senha em {host} foi alterada",
  "mail.passwordChanged.heading": "Sua senha foi alterada em {host}",
  "mail.passwordChanged.intro": "A senha da sua conta acabou de ser alterada.",
  "mail.passwordChanged.reset":
    "Se não foi você que a alterou, redefina-a agora para manter o controle da sua conta:",
  "mail.confirmNewEmail.subject": "Confirme seu novo e-mail em {host}",
  "mail.confirmNewEmail.heading": "Confirme seu novo e-mail em {host}",
  "mail.confirmNewEmail.intro":
    "Alguém pediu para tornar este o endereço de e-mail de uma conta. Abra este link para confirmar que ele é seu:",
  "mail.confirmNewEmail.action": "Confirmar novo e-mail",
  "mail.confirmNewEmail.ignore":
    "A alteração só vale depois que você confirmar. Se você não fez esse pedido, ignore este e-mail.",
  "mail.emailChangeRequested.subject": "Foi pedida uma alteração do seu e-mail em {host}",
  "mail.emailChangeRequested.heading": "Foi pedida uma alteração do seu e-mail em {host}",
  "mail.emailChangeRequested.intro":
    "Alguém conectado à sua conta pediu para mudá-la para outro endereço de e-mail. A mudança só acontece quando o novo endereço for confirmado.",
  "mail.emailChangeRequested.stop":
    "Se não foi você, impeça agora: a mudança é cancelada, todos os dispositivos são desconectados e você escolhe uma senha nova.",
  "mail.emailChangeRequested.action": "Não fui eu",
  "mail.newSignIn.subject": "Novo login na sua conta em {host}",
  "mail.newSignIn.heading": "Novo login na sua conta em {host}",
  "mail.newSignIn.intro":
    "Alguém acabou de entrar na sua conta em um navegador em que ela nunca tinha sido usada:",
  "mail.newSignIn.when": "Quando: {when}",
  "mail.newSignIn.how": "Como: {method}",
  "mail.newSignIn.from": "De: {ip}",
  "mail.newSignIn.browser": "Navegador: {browser}",
  "mail.newSignIn.reset": "Se não foi você, redefina sua senha agora:",
  "mail.accountSecured.subject": "Sua conta em {host} agora é sua",
  "mail.accountSecured.heading": "Sua conta em {host} agora é sua",
  "mail.accountSecured.intro":
    "Alguém tinha criado uma conta neste site com o seu endereço de e-mail antes de ele ser confirmado. Quando você provou que ele é seu, tudo o que essa pessoa configurou na conta foi removido (senha, chaves de acesso, autenticação de dois fatores e contas vinculadas), e todas as sessões abertas nela foram encerradas.",
  "mail.accountSecured.again":
    "Se você mesmo tinha configurado alguma dessas coisas, entre e configure de novo:",

  "error.OAuthSignin.title": "Não foi possível iniciar o login",
  "error.OAuthSignin.message": "Tente entrar com outra conta.",
  "error.OAuthCallback.title": "Falha no login",
  "error.OAuthCallback.message": "Tente entrar com outra conta.",
  "error.OAuthCreateAccount.title": "Não foi possível criar a conta",
  "error.OAuthCreateAccount.message": "Tente entrar com outra conta.",
  "error.EmailCreateAccount.title": "Não foi possível criar a conta",
  "error.EmailCreateAccount.message": "Tente entrar com outra conta.",
  "error.Callback.title": "Falha no login",
  "error.Callback.message": "Tente entrar com outra conta.",
  "error.OAuthAccountNotLinked.title": "Conta não vinculada",
  "error.OAuthAccountNotLinked.message":
    "Para confirmar sua identidade, entre com a mesma conta que você usou da primeira vez.",
  "error.EmailSignin.title": "Não foi possível enviar o e-mail",
  "error.EmailSignin.message": "Não foi possível enviar o e-mail.",
  "error.CredentialsSignin.title": "Falha no login",
  "error.CredentialsSignin.message":
    "Não foi possível entrar. Verifique se os dados informados estão corretos.",
  "error.SessionRequired.title": "Login necessário",
  "error.SessionRequired.message": "Entre para acessar esta página.",
  "error.TwoFactorExpired.title": "Login expirado",
  "error.TwoFactorExpired.message": "Seu login demorou demais ou já tinha sido concluído. Entre novamente.",
  "error.MissingCSRF.title": "Formulário expirado",
  "error.MissingCSRF.message": "O formulário expirou ou veio de outro site. Tente novamente.",
  "error.EmailInvalid.title": "Endereço de e-mail necessário",
  "error.EmailInvalid.message": "Digite um endereço de e-mail válido.",
  "error.PasswordTooShort.title": "Senha muito curta",
  "error.PasswordTooShort.message": "Use uma senha com pelo menos 8 caracteres.",
  "error.PasswordTooLong.title": "Senha muito longa",
  "error.PasswordTooLong.message": "Use uma senha com no máximo 256 caracteres.",
  "error.PasswordBreached.title": "Senha muito comum",
  "error.PasswordBreached.message": "Esta senha aparece em listas de senhas vazadas. Escolha outra.",
  "error.EmailNotVerified.title": "E-mail não verificado",
  "error.EmailNotVerified.message":
    "Confirme primeiro seu endereço de e-mail: enviamos um novo link para você.",
  "error.AccountDisabled.title": "Conta desativada",
  "error.AccountDisabled.message": "Esta conta está desativada. Fale com o administrador do site.",
  "error.AccountChanged.title": "Sua conta mudou",
  "error.AccountChanged.message":
    "As configurações de segurança da sua conta mudaram enquanto isso acontecia, então nada foi feito. Entre de novo e tente outra vez.",
  "error.PasskeyInvalid.title": "Chave de acesso não aceita",
  "error.PasskeyInvalid.message":
    "Não foi possível entrar com essa chave de acesso. Tente novamente ou use outra forma de entrar.",
  "error.Configuration.title": "Erro no servidor",
  "error.Configuration.message":
    "Há um problema na configuração do servidor. Consulte os logs do servidor para saber mais.",
  "error.AccessDenied.title": "Acesso negado",
  "error.AccessDenied.message": "Você não tem permissão para entrar.",
  "error.Verification.title": "Não foi possível entrar",
  "error.Verification.message":
    "O link de login não é mais válido. Talvez ele já tenha sido usado ou tenha expirado.",
  "error.OAuthCallbackReplayed.title": "Entrada já usada",
  "error.OAuthCallbackReplayed.message":
    "Esta entrada já foi concluída. Se você não estiver conectado, entre novamente.",
  "error.PasswordResetInvalid.title": "Link expirado",
  "error.PasswordResetInvalid.message":
    "Este link de redefinição de senha não é mais válido. Talvez ele já tenha sido usado ou tenha expirado. Peça um novo.",
  "error.StorageUnavailable.title": "Indisponível no momento",
  "error.StorageUnavailable.message":
    "O login está temporariamente indisponível. Tente novamente em instantes.",
  "error.Default.title": "Erro",
  "error.Default.message": "Algo deu errado ao entrar.",
  "error.RateLimited.title": "Muitas tentativas",
  "error.RateLimited.message": "Muitas tentativas. Aguarde um momento e tente novamente.",
  "error.BackupCodeUsed.title": "Código já usado",
  "error.BackupCodeUsed.message":
    "Esse código de backup já foi usado: cada código funciona uma vez só. Use outro código de backup ou o app autenticador.",
  "error.TwoFactorCodeInvalid.title": "Código incorreto",
  "error.TwoFactorCodeInvalid.message":
    "Esse código não está certo. Confira seu app autenticador e tente novamente.",
  "error.PasskeyRegistrationFailed.title": "Chave de acesso não salva",
  "error.PasskeyRegistrationFailed.message": "Não foi possível salvar a chave de acesso. Tente novamente.",
};
