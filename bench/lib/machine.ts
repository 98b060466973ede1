import { cpus, release, totalmem } from "node:os";
import pg from "pg";

export interface MachineInfo {
  cpu: string;
  cores: number;
  memoryGb: number;
  kernel: string;
  node: string;
  wrk: string;
  postgres: string | null;
  sqlite: string;
}

/** What the figures were measured on: they mean nothing without it. */
export async function machineInfo(options: {
  wrk: string;
  postgresUrl: string | null;
}): Promise<MachineInfo> {
  const { DatabaseSync } = await import("node:sqlite");
  const sqlite = new DatabaseSync(":memory:");
  const sqliteVersion = (sqlite.prepare("select sqlite_version() as v").get() as { v: string }).v;
  sqlite.close();
  return {
    cpu: cpus()[0]?.model ?? "unknown",
    cores: cpus().length,
    memoryGb: Math.round(totalmem() / 2 ** 30),
    kernel: `Linux ${release()}`,
    node: process.version,
    wrk: options.wrk,
    postgres: options.postgresUrl ? await postgresVersion(options.postgresUrl) : null,
    sqlite: sqliteVersion,
  };
}

async function postgresVersion(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ server_version: string }>("show server_version");
    return rows[0]?.server_version ?? "unknown";
  } finally {
    await client.end();
  }
}
