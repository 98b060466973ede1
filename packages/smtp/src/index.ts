export { passwordMailer } from "./password-mailer.ts";
export { SMTP_TIMEOUTS, type SmtpOptions } from "./smtp-options.ts";
export { smtpSender } from "./smtp-sender.ts";
