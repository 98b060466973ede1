import type { Messages } from "../../i18n/messages/en.ts";

/**
 * Japanese (polite です・ます form; "サインイン" and "パスキー" as Apple, Google and Microsoft write
 * them). Numbers, addresses and hosts stand apart from the words around them ("2 要素認証",
 * "{email} としてサインイン"), as `Intl` writes "24 時間"; a provider's name, which may be Japanese
 * itself, runs on into its particle ("GitHubでサインイン"), as Apple's "Appleでサインイン" does.
 */
export const ja: Messages = {
  "common.signIn": "サインイン",
  "common.continue": "続行",
  "common.backToSignIn": "サインインに戻る",
  "common.haveAccount": "アカウントをお持ちの方はこちらからサインイン",
  "field.email": "メールアドレス",
  "field.password": "パスワード",
  "field.newPassword": "新しいパスワード",
  "field.nameOptional": "名前（任意）",
  "field.newPasswordHint": "{count} 文字以上",
  "field.showPassword": "パスワードを表示",
  "provider.email": "メール",
  "provider.password": "メールアドレスとパスワード",
  "provider.passkey": "パスキー",

  "signin.title": "サインイン",
  "signin.withProvider": "{provider}でサインイン",
  "signin.emailPlaceholder": "email@example.com",
  "signin.emailLinkHint": "サインイン用のリンクをメールでお送りします。パスワードは不要です。",
  "signin.failed": "サインインできませんでした。",
  "signin.noMethods": "サインイン方法が設定されていません。",
  "signin.forgotPassword": "パスワードをお忘れですか？",
  "signin.createAccount": "アカウントを作成",
  "signin.passwordReset": "パスワードを変更しました。新しいパスワードでサインインしてください。",
  "signin.emailVerified": "メールアドレスを確認しました。サインインできます。",
  "signin.accountSecured":
    "パスワードを設定しました。このアカウントはあなたのものです。メールアドレスが確認される前に、誰かがこのアドレスでアカウントを作成していましたが、その人が設定したものはすべて削除しました。新しいパスワードでサインインしてください。",
  "signin.withPasskey": "パスキーでサインイン",
  "signin.passkeySignUp": "パスキーでアカウントを作成",

  "confirmEmail.title": "サインインの確認",
  "confirmEmail.question": "{email} としてサインインしますか？",

  "signout.title": "サインアウト",
  "signout.question": "サインアウトしてもよろしいですか？",
  "signout.submit": "サインアウト",

  "verifyRequest.title": "メールをご確認ください",
  "verifyRequest.signin": "サインイン用のリンクをメールでお送りしました。",
  "verifyRequest.signup": "メールアドレスを確認するためのリンクをお送りしました。",
  "verifyRequest.resetPassword":
    "このメールアドレスを使用しているアカウントがある場合は、パスワード再設定用のリンクをお送りしました。リンクの有効期間は {duration}です。",
  "verifyRequest.address": "メールアドレス: {email}",
  "verifyRequest.notReceived":
    "数分たってもメールが届かない場合は、迷惑メールフォルダーを確認するか、もう一度送信してください。",
  "verifyRequest.resend": "メールを再送信",
  "verifyRequest.resent": "再送信しました。届くまでに数分かかることがあります。",

  "signup.title": "アカウントを作成",
  "signup.failed": "アカウントを作成できませんでした。",
  "signup.submit": "アカウントを作成",
  "signup.usePasskey": "パスワードの代わりにパスキーを使う",
  "passkeySignup.title": "パスキーでアカウントを作成",
  "passkeySignup.intro": "パスキーを使うと、パスワードの代わりに指紋、顔、画面ロックでサインインできます。",
  "passkeySignup.unsupported":
    "パスキーでアカウントを作成するには、パスキーに対応していて JavaScript が有効なブラウザが必要です。",
  "passkeySignup.submit": "パスキーでアカウントを作成",

  "forgotPassword.title": "パスワードの再設定",
  "forgotPassword.intro":
    "アカウントのメールアドレスを入力してください。新しいパスワードを設定するためのリンクをお送りします。",
  "forgotPassword.submit": "再設定用のリンクを送信",
  "forgotPassword.failed": "再設定用のリンクを送信できませんでした。",
  "resetPassword.title": "新しいパスワードの設定",
  "resetPassword.intro": "{email} の新しいパスワードを入力してください。",
  "resetPassword.submit": "パスワードを変更",
  "resetPassword.failed": "パスワードを変更できませんでした。",

  "confirmVerifyEmail.title": "メールアドレスの確認",
  "confirmVerifyEmail.created": "{date} に {email} でこのサイトのアカウントが作成されました。",
  "confirmVerifyEmail.createdUndated": "{email} でこのサイトのアカウントが作成されました。",
  "confirmVerifyEmail.onlyYou":
    "ご自身で作成した場合にのみ確認してください。このアカウントへのサインイン方法は、作成した人が決めています。",
  "confirmVerifyEmail.submit": "自分で作成したアカウントとして確認",
  "confirmVerifyEmail.notYou":
    "心当たりがない場合は、確認せずに{reset}してください。アカウントはあなたのものになり、相手が設定したものはすべて削除されます。",
  "confirmVerifyEmail.reset": "パスワードを再設定",
  "confirmVerifyEmail.notYouOnly": "心当たりがない場合は、確認しないでください。",
  "emailVerified.title": "メールアドレスを確認しました",
  "emailVerified.text": "メールアドレスの確認が完了しました。サインインできます。",
  "confirmChangeEmail.title": "新しいメールアドレスの確認",
  "confirmChangeEmail.question": "{email} をアカウントのメールアドレスにしますか？",
  "confirmChangeEmail.submit": "新しいメールアドレスを確認",
  "emailChanged.title": "メールアドレスを変更しました",
  "emailChanged.text": "アカウントのメールアドレスは {email} になりました。",
  "cancelEmailChange.title": "メールアドレスの変更を止める",
  "cancelEmailChange.text":
    "アカウントにサインインしている誰かが、アカウントを別のメールアドレスに移すようリクエストしました。心当たりがない場合は、ここで止めてください。変更は取り消され（すでに変更されていた場合は元に戻され）、アカウントにサインインしているすべてのデバイスがサインアウトされます。",
  "cancelEmailChange.submit": "変更を止めてすべてのデバイスでサインアウト",
  "emailChangeCancelled.title": "変更を止めました",
  "emailChangeCancelled.text":
    "メールアドレスの変更を取り消し、すべてのデバイスをサインアウトしました。アカウントのメールアドレスは {email} です。",
  "emailChangeCancelled.notRestored":
    "すべてのデバイスをサインアウトしましたが、変更はすでに完了しており、{email} は現在別のアカウントで使われているため、元に戻せませんでした。サイトにお問い合わせください。",
  "emailChangeCancelled.next":
    "変更をリクエストした人があなたのパスワードを知っている場合に備えて、新しいパスワードを設定してください。サインイン後、パスキー、2 要素認証、連携しているアカウントを確認し、心当たりのないものは削除してください。",
  "emailChangeCancelled.reset": "新しいパスワードを設定するリンクを送信",
  "accountSecured.title": "このアカウントはあなたのものです",
  "accountSecured.text":
    "メールアドレスが確認される前に、誰かがあなたのメールアドレスでアカウントを作成していました。このアドレスがあなたのものであることを確認できたため、その人がアカウントに設定したもの（パスワード、パスキー、2 要素認証、他のサイトのアカウント、名前と画像）をすべて削除し、このアカウントのすべてのセッションを終了しました。",
  "accountSecured.next":
    "その中にご自身で設定したものがあった場合は、アカウント設定でもう一度設定してください。",

  "twoFactor.title": "2 要素認証",
  "twoFactor.codeIntro":
    "認証アプリを開き、このアカウントに表示されている {digits} 桁のコードを入力してください。",
  "twoFactor.backupIntro":
    "2 要素認証を有効にしたときに保存したバックアップ コードを 1 つ入力してください。各コードは 1 回だけ使用できます。",
  "twoFactor.codeLabel": "コード",
  "twoFactor.codeHint": "{digits} 桁の数字",
  "twoFactor.backupLabel": "バックアップ コード",
  "twoFactor.backupHint": "英数字 {count} 文字（例：{example}）",
  "twoFactor.useApp": "代わりに認証アプリを使う",
  "twoFactor.useBackup": "代わりにバックアップ コードを使う",
  "twoFactor.failed": "コードを確認できませんでした。",
  "twoFactorSetup.title": "2 要素認証の設定",
  "twoFactorSetup.intro":
    "サインインのたびに、スマートフォンの認証アプリに表示されるコードも入力するようになります。",
  "twoFactorSetup.scan": "1. 認証アプリでこの QR コードをスキャンしてください。",
  "twoFactorSetup.qrLabel": "このアカウントを認証アプリに追加するための QR コード",
  "twoFactorSetup.manual": "スキャンできない場合は、代わりにこのキーをアプリに入力してください：",
  "twoFactorSetup.enterCode": "2. アプリに表示されたコードを入力してください。",
  "twoFactorSetup.submit": "2 要素認証を有効にする",
  "twoFactorSetup.newKey": "新しいキーを取得",
  "backupCodes.title": "バックアップ コードを保存してください",
  "backupCodes.on": "2 要素認証が有効になりました。",
  "backupCodes.intro":
    "スマートフォンをなくした場合は、代わりにこの {count} 個のコードのいずれかでサインインしてください。各コードは 1 回だけ使用できます。このコードは二度と表示されないため、安全な場所に保管してください。",
  "backupCodes.listLabel": "バックアップ コード",

  "errorPage.newLink": "新しいリンクをリクエスト",
  "errorPage.retryIn": "試行回数が多すぎます。{duration}後にもう一度お試しください。",
  "errorPage.pausedAccount":
    "保護のため、このアカウントまたはメールアドレスでの試行を一時的に停止しています。",
  "errorPage.pausedNetwork": "お使いのネットワーク（インターネット接続）からの試行を一時的に停止しています。",
  "relay.title": "サインインを続行",

  "mail.linkExpires": "リンクの有効期間は {duration}です。",
  "mail.linkWorksOnce": "リンクは 1 回だけ使用できます。",
  "mail.resetAction": "パスワードを再設定",
  "mail.itWasYou": "ご本人による操作であれば、これ以上の対応は不要です。",
  "mail.signIn.subject": "{host} へのサインイン",
  "mail.signIn.heading": "{host} にサインイン",
  "mail.signIn.action": "サインイン",
  "mail.signIn.ignore": "このメールに心当たりがない場合は、無視していただいて問題ありません。",
  "mail.verifyEmail.subject": "{host} のメールアドレスの確認",
  "mail.verifyEmail.heading": "{host} のメールアドレスの確認",
  "mail.verifyEmail.intro":
    "このメールアドレスでアカウントが作成されました。ご自身で作成した場合は、次のリンクを開いてアドレスを確認してください：",
  "mail.verifyEmail.action": "メールアドレスを確認",
  "mail.verifyEmail.ignore":
    "作成した覚えがない場合は確認せず、このメールを無視してください。代わりにアカウントを自分のものにするには、サインインページからパスワードを再設定してください。",
  "mail.resetPassword.subject": "{host} のパスワードの再設定",
  "mail.resetPassword.heading": "{host} のパスワードの再設定",
  "mail.resetPassword.intro":
    "アカウントのパスワードの再設定がリクエストされました。新しいパスワードを設定するには、次のリンクを開いてください：",
  "mail.resetPassword.action": "新しいパスワードを設定",
  "mail.resetPassword.ignore":
    "心当たりがない場合は、このメールを無視していただいて問題ありません。パスワードは変更されません。",
  "mail.accountExists.subject": "{host} のアカウントはすでにお持ちです",
  "mail.accountExists.heading": "{host} のアカウントはすでにお持ちです",
  "mail.accountExists.intro":
    "このメールアドレスでアカウントの作成が試みられましたが、このアドレスのアカウントはすでに存在します。",
  "mail.accountExists.reset":
    "ご本人の場合は、パスワードでサインインしてください。パスワードをお忘れの場合は、こちらから再設定できます：",
  "mail.accountExists.ignore":
    "心当たりがない場合は、このメールを無視していただいて問題ありません。何も変更されていません。",
  "mail.passwordChanged.subject": "{host} のパスワードが変更されました",
  "mail.passwordChanged.heading": "{host} のパスワードが変更されました",
  "mail.passwordChanged.intro": "アカウントのパスワードが変更されました。",
  "mail.passwordChanged.reset":
    "ご自身で変更していない場合は、アカウントを守るため、今すぐパスワードを再設定してください：",
  "mail.confirmNewEmail.subject": "{host} の新しいメールアドレスの確認",
  "mail.confirmNewEmail.heading": "{host} の新しいメールアドレスの確認",
  "mail.confirmNewEmail.intro":
    "このアドレスをアカウントのメールアドレスにするリクエストがありました。ご本人のものであることを確認するには、次のリンクを開いてください：",
  "mail.confirmNewEmail.action": "新しいメールアドレスを確認",
  "mail.confirmNewEmail.ignore":
    "変更は確認が完了した時点で反映されます。心当たりがない場合は、このメールを無視してください。",
  "mail.emailChangeRequested.subject": "{host} でメールアドレスの変更がリクエストされました",
  "mail.emailChangeRequested.heading": "{host} でメールアドレスの変更がリクエストされました",
  "mail.emailChangeRequested.intro":
    "アカウントにサインインしているユーザーが、別のメールアドレスへの変更をリクエストしました。新しいアドレスが確認されるまで、変更は反映されません。",
  "mail.emailChangeRequested.stop":
    "心当たりがない場合は、今すぐ止めてください。変更は取り消され、すべてのデバイスがサインアウトされ、新しいパスワードを設定できます。",
  "mail.emailChangeRequested.action": "心当たりがない",
  "mail.newSignIn.subject": "{host} のアカウントへの新しいサインイン",
  "mail.newSignIn.heading": "{host} のアカウントへの新しいサインイン",
  "mail.newSignIn.intro": "これまで使われたことのないブラウザから、アカウントへのサインインがありました：",
  "mail.newSignIn.when": "日時：{when}",
  "mail.newSignIn.how": "方法：{method}",
  "mail.newSignIn.from": "IP アドレス：{ip}",
  "mail.newSignIn.browser": "ブラウザ：{browser}",
  "mail.newSignIn.reset": "心当たりがない場合は、今すぐパスワードを再設定してください：",
  "mail.accountSecured.subject": "{host} のアカウントがあなたのものになりました",
  "mail.accountSecured.heading": "{host} のアカウントがあなたのものになりました",
  "mail.accountSecured.intro":
    "メールアドレスが確認される前に、誰かがあなたのメールアドレスでこのサイトのアカウントを作成していました。あなたがこのアドレスの持ち主であることを確認できたため、その人がアカウントに設定したもの（パスワード、パスキー、2 要素認証、連携しているアカウント）をすべて削除し、このアカウントのすべてのセッションを終了しました。",
  "mail.accountSecured.again":
    "その中にご自身で設定したものがあった場合は、サインインしてもう一度設定してください：",

  "error.OAuthSignin.title": "サインインを開始できませんでした",
  "error.OAuthSignin.message": "別のアカウントでサインインしてみてください。",
  "error.OAuthCallback.title": "サインインできませんでした",
  "error.OAuthCallback.message": "別のアカウントでサインインしてみてください。",
  "error.OAuthCreateAccount.title": "アカウントを作成できませんでした",
  "error.OAuthCreateAccount.message": "別のアカウントでサインインしてみてください。",
  "error.EmailCreateAccount.title": "アカウントを作成できませんでした",
  "error.EmailCreateAccount.message": "別のアカウントでサインインしてみてください。",
  "error.Callback.title": "サインインできませんでした",
  "error.Callback.message": "別のアカウントでサインインしてみてください。",
  "error.OAuthAccountNotLinked.title": "アカウントがリンクされていません",
  "error.OAuthAccountNotLinked.message":
    "本人確認のため、最初に使用したものと同じアカウントでサインインしてください。",
  "error.EmailSignin.title": "メールを送信できませんでした",
  "error.EmailSignin.message": "メールを送信できませんでした。",
  "error.CredentialsSignin.title": "サインインできませんでした",
  "error.CredentialsSignin.message": "サインインできませんでした。入力内容が正しいかご確認ください。",
  "error.SessionRequired.title": "サインインが必要です",
  "error.SessionRequired.message": "このページを表示するにはサインインしてください。",
  "error.TwoFactorExpired.title": "サインインの有効期限が切れました",
  "error.TwoFactorExpired.message":
    "サインインに時間がかかりすぎたか、すでに完了しています。もう一度サインインしてください。",
  "error.MissingCSRF.title": "フォームの有効期限が切れました",
  "error.MissingCSRF.message":
    "フォームの有効期限が切れたか、別のサイトから送信されました。もう一度お試しください。",
  "error.EmailInvalid.title": "メールアドレスが必要です",
  "error.EmailInvalid.message": "有効なメールアドレスを入力してください。",
  "error.PasswordTooShort.title": "パスワードが短すぎます",
  "error.PasswordTooShort.message": "8 文字以上のパスワードを使用してください。",
  "error.PasswordTooLong.title": "パスワードが長すぎます",
  "error.PasswordTooLong.message": "256 文字以内のパスワードを使用してください。",
  "error.PasswordBreached.title": "よく使われているパスワードです",
  "error.PasswordBreached.message":
    "このパスワードは、流出したパスワードのリストに含まれています。別のパスワードを選んでください。",
  "error.EmailNotVerified.title": "メールアドレスが確認されていません",
  "error.EmailNotVerified.message": "先にメールアドレスを確認してください。新しいリンクをお送りしました。",
  "error.AccountDisabled.title": "アカウントが無効です",
  "error.AccountDisabled.message":
    "このアカウントは無効になっています。サイトの管理者にお問い合わせください。",
  "error.AccountChanged.title": "アカウントが変更されました",
  "error.AccountChanged.message":
    "処理中にアカウントのセキュリティ設定が変更されたため、何も行われませんでした。もう一度サインインしてから、やり直してください。",
  "error.PasskeyInvalid.title": "パスキーを使用できませんでした",
  "error.PasskeyInvalid.message":
    "このパスキーではサインインできませんでした。もう一度お試しいただくか、別の方法でサインインしてください。",
  "error.Configuration.title": "サーバー エラー",
  "error.Configuration.message": "サーバーの設定に問題があります。詳しくはサーバーのログをご確認ください。",
  "error.AccessDenied.title": "アクセスが拒否されました",
  "error.AccessDenied.message": "サインインする権限がありません。",
  "error.Verification.title": "サインインできません",
  "error.Verification.message":
    "サインイン用のリンクは無効になりました。すでに使用されたか、有効期限が切れている可能性があります。",
  "error.OAuthCallbackReplayed.title": "このサインインは使用済みです",
  "error.OAuthCallbackReplayed.message":
    "このサインインはすでに完了しています。サインインしていない場合は、もう一度サインインしてください。",
  "error.PasswordResetInvalid.title": "リンクの有効期限切れ",
  "error.PasswordResetInvalid.message":
    "このパスワード再設定用のリンクは無効になりました。すでに使用されたか、有効期限が切れている可能性があります。新しいリンクをリクエストしてください。",
  "error.StorageUnavailable.title": "一時的にご利用いただけません",
  "error.StorageUnavailable.message":
    "現在、一時的にサインインできません。しばらくしてからもう一度お試しください。",
  "error.Default.title": "エラー",
  "error.Default.message": "サインイン中に問題が発生しました。",
  "error.RateLimited.title": "試行回数が多すぎます",
  "error.RateLimited.message": "試行回数が多すぎます。しばらく待ってから、もう一度お試しください。",
  "error.BackupCodeUsed.title": "使用済みのコード",
  "error.BackupCodeUsed.message":
    "このバックアップ コードはすでに使用されています。各コードは 1 回しか使えません。別のバックアップ コードか認証アプリを使ってください。",
  "error.TwoFactorCodeInvalid.title": "コードが正しくありません",
  "error.TwoFactorCodeInvalid.message":
    "コードが正しくありません。認証アプリを確認して、もう一度お試しください。",
  "error.PasskeyRegistrationFailed.title": "パスキーを保存できませんでした",
  "error.PasskeyRegistrationFailed.message": "パスキーを保存できませんでした。もう一度お試しください。",
};
