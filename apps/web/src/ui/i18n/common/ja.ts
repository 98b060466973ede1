import type { Messages } from "../catalogue.ts";
import type en from "./en.ts";

const ja: Messages<typeof en, "ja"> = {
  site: {
    title: "{{page}} · Gatehouse",
    skipToContent: "本文へスキップ",
    mainNavigation: "メインメニュー",
    home: "ホーム",
    protectedPage: "保護されたページ",
    account: "アカウント",
    admin: "管理",
    footer: "Gatehouse サインインのデモ",
    providersLink: "プロバイダー",
    sessionLink: "セッション (JSON)",
    language: "言語",
    languageFailed:
      "<name>{{language}}</name> を読み込めなかったため、ページはそのままです。接続を確認してから、ページを再読み込みして、もう一度お試しください。",
  },
  accountArea: {
    signIn: "サインイン",
    signOut: "サインアウト",
    signedIn: "サインイン中",
  },
  actions: {
    cancel: "キャンセル",
    keep: "残す",
    tryAgain: "再試行",
    signInAgain: "もう一度サインイン",
    continue: "続行",
    saving: "保存しています…",
    checking: "確認しています…",
    loading: "読み込んでいます…",
  },
  form: {
    problem: "入力内容に問題があります",
    error: "エラー：",
  },
  session: {
    checking: "セッションを確認しています…",
  },
  home: {
    heading: "Gatehouse へようこそ",
    lead: "OpenID Connect、パスワード、パスキー、またはメールで届くリンクでサインインできる小さな Web アプリです。サインインした方だけが見られるページがあり、アカウントをお持ちの方はそれを一か所で管理できます。",
    sessionHeading: "あなたのセッション",
    signedOut: "サインインしていません。",
    signedInAs: "<strong>{{name}}</strong> としてサインインしています",
    signedInAsWithEmail: "<strong>{{name}}</strong>（{{email}}）としてサインインしています",
    someone: "どなたか",
    sessionUntil: "セッションの有効期限は {{date}} です。",
    createAccount: "アカウントを作成",
    openProtected: "保護されたページを開く",
    manageAccount: "アカウントを管理",
  },
  protected: {
    heading: "保護されたページ",
    lead: "このページはサインインした方だけが開けます。",
    accountHeading: "あなたのアカウント",
    because: "<strong>{{name}}</strong> としてサインインしているため、このページが表示されています。",
    unnamed: "名前のないユーザー",
    signedOutNote: "サインインしていない方がこのページを開くと、サインインしてからこのページに戻ります。",
  },
  notFound: {
    heading: "ページが見つかりません",
    text: "ここには何もありません。<home>ホームページ</home>に戻ってください。",
  },
  accountDeleted: {
    title: "アカウントを削除しました",
    heading: "アカウントを削除しました",
    lead: "プロフィール、サインイン方法、セッション、セキュリティアクティビティは削除され、すべてのデバイスでサインアウトしました。",
    again: "気が変わりましたか？<home>ホームページ</home>からいつでも新しいアカウントを作成できます。",
  },
  passkeySignIn: {
    button: "パスキーで続行",
    waiting: "パスキーを待っています…",
  },
  methods: {
    password: "パスワード",
    passkey: "パスキー",
    email: "メールのリンク",
  },
  device: {
    named: "{{browser}}（{{os}}）",
    unknown: "不明なデバイス",
    desktop: "コンピューター",
    mobile: "スマートフォン",
    tablet: "タブレット",
    tv: "テレビ",
    unknownType: "不明な種類のデバイス",
  },
  errors: {
    Default: "問題が発生しました。しばらくしてからもう一度お試しください。",
    NetworkError: "サーバーに接続できませんでした。接続を確認して、もう一度お試しください。",
    SessionRequired: "セッションが終了しました。アカウントを管理するには、もう一度サインインしてください。",
    MissingCSRF:
      "ブラウザーがセキュリティ Cookie を送信しませんでした。このサイトの Cookie を許可し、ページを再読み込みしてからもう一度お試しください。",
    RateLimited: "試行回数が多すぎます。しばらく待ってから、もう一度お試しください。",
    RateLimitedFor_other: "試行回数が多すぎます。{{count, number}} 秒後にもう一度お試しください。",
    StorageUnavailable: "このサービスは一時的に利用できません。しばらくしてからもう一度お試しください。",
    UnknownAction: "このサイトではご利用いただけません。",
    ReauthenticationRequired:
      "この変更を行うには、ご本人であることを確認してください。パスワードか、認証アプリのコードを入力してください。",
    ReauthenticationCancelled: "何も変更されていません。",
    CredentialsSignin: "サインインできませんでした。入力内容が正しいかご確認ください。",
    AccessDenied: "サインインする権限がありません。",
    AccountDisabled: "このアカウントは無効になっています。サイトの管理者にお問い合わせください。",
    EmailNotVerified: "先にメールアドレスを確認してください。新しいリンクをお送りしました。",
    EmailInvalid: "有効なメールアドレスを入力してください。",
    PasswordTooShort: "8 文字以上のパスワードを使用してください。",
    PasswordTooLong: "256 文字以内のパスワードを使用してください。",
    PasswordBreached:
      "このパスワードは流出したパスワードの一覧に含まれています。別のパスワードを選んでください。",
    CurrentPasswordIncorrect: "現在のパスワードが正しくありません。",
    PasswordNotSet: "このアカウントにはまだパスワードがありません。パスワードを設定してください。",
    PasswordAlreadySet: "このアカウントにはすでにパスワードがあります。パスワードを変更してください。",
    TwoFactorAlreadyOn: "2 要素認証はすでにオンです。先にオフにしてください。",
    TwoFactorNotOn: "このアカウントでは 2 要素認証がオンになっていません。",
    TwoFactorCodeInvalid: "コードが正しくありません。認証アプリを確認して、もう一度お試しください。",
    PasskeyInvalid:
      "このパスキーではサインインできませんでした。もう一度お試しいただくか、別の方法でサインインしてください。",
    PasskeyRegistrationFailed: "パスキーを保存できませんでした。もう一度お試しください。",
    PasskeyNotFound: "このパスキーはあなたのものではありません。",
    PasskeyCancelled: "パスキーのリクエストがキャンセルされたため、何も変更されていません。",
    PasskeyAlreadyRegistered:
      "このデバイスまたはパスワードマネージャーには、すでにあなたのアカウントのパスキーがあります。",
    PasskeyUnsupported: "このブラウザーではパスキーを使用できません。",
    PasskeyCeremonyFailed: "ブラウザーがパスキーのリクエストを完了できませんでした。もう一度お試しください。",
    LastSignInMethod:
      "これはアカウントにサインインできる最後の方法です。削除する前に、別の方法を追加してください。",
    SessionNotFound: "このセッションはすでに終了しているか、あなたのセッションではありません。",
    SessionsUnavailable: "このサイトではセッションの一覧を保持していません。",
    UnknownProvider: "このサイトではそのサインインプロバイダーを提供していません。",
    AccountNotLinked: "このプロバイダーのアカウントはあなたのアカウントにリンクされていません。",
    AdminRequired: "この操作は管理者のみが行えます。",
    UserNotFound: "そのユーザーは存在しません。",
    AdminSelfAction:
      "この操作はここでは自分のアカウントに対して行えません。アカウント設定を使用するか、別の管理者に依頼してください。",
    RoleUnknown: "このサイトではそのロールを割り当てていません。",
    PasswordResetUnavailable: "このアカウントにはパスワード再設定用のリンクを送信できません。",
    MailNotSent: "メールを送信できませんでした。しばらくしてからもう一度お試しください。",
    AccountChanged:
      "処理中にアカウントのセキュリティ設定が変更されたため、何も行われませんでした。もう一度サインインしてから、やり直してください。",
  },
};

export default ja;
