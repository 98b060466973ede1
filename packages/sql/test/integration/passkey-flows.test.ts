import { passkeySuite } from "../../../core/test/support/passkey-suite.ts";
import { databasesFor } from "./databases.ts";

// Core's passkey suite, end to end through the handler, on each database: the passkeys and their
// counters, passkey-only sign-up's one-transaction account, the disabled mark, sessions, "valid
// after" times, verification links and the spent challenges (in the rate-limit store) live in SQL here.
for (const kind of await databasesFor("passkey flows")) {
  passkeySuite(`passkeys on ${kind.name}`, async () => {
    const db = await kind.open();
    return { adapter: db.adapter, close: () => db.close() };
  });
}
