export {
  type Argon2idOptions,
  type Argon2idParameters,
  argon2idDefaults,
  argon2idLimits,
  hashPassword,
} from "./argon2id.ts";
export type { PasswordCheck, PasswordHasher } from "./password-hasher.ts";
export { createPasswordHasher, verifyPassword } from "./verify-password.ts";
