import { ConfigError } from "../errors/config-error.ts";
import { EVENT_NAMES, type EventName, type Events } from "./events.ts";

/**
 * The `events` option, checked at start-up: a name that is no event (a typo such as `signin` would
 * never fire) or a handler that is not a function throws a `ConfigError`. A copy: handlers added to
 * the app's object later change nothing.
 */
export function checkEvents(events: unknown): Events {
  if (events === undefined) return {};
  if (typeof events !== "object" || events === null || Array.isArray(events)) {
    throw new ConfigError(
      "Gatehouse: events must be an object of handlers, e.g. { signIn: async ({ user }) => {} }.",
    );
  }
  const checked: Events = {};
  for (const [name, handler] of Object.entries(events)) {
    if (!(EVENT_NAMES as readonly string[]).includes(name)) {
      throw new ConfigError(
        `Gatehouse: events.${name} is not an event. The events are ${EVENT_NAMES.join(", ")}.`,
      );
    }
    if (handler === undefined) continue;
    if (typeof handler !== "function") throw new ConfigError(`Gatehouse: events.${name} must be a function.`);
    Object.assign(checked, { [name as EventName]: handler });
  }
  return checked;
}
