export { smtpSender } from "./smtp-sender.ts";
