export {
  createRedisRateLimitStore,
  type RedisRateLimitStoreOptions,
} from "./redis-rate-limit-store.ts";
