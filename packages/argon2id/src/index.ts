export { type Argon2idParameters, argon2id } from "./argon2id.ts";
export { timingSafeEqual } from "./timing-safe-equal.ts";
