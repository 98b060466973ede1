export { passwordMailer } from "./password-mailer.ts";
export { smtpSender } from "./smtp-sender.ts";
