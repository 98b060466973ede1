import type { HotFunction } from "./cpu-profile.ts";

export interface ServerProfile {
  id: string;
  label: string;
  functions: HotFunction[];
  idleShare: number;
}

/** bench/PROFILE.md: where each server's busy CPU went during its rounds (`--profile`). */
export function renderProfiles(profiles: ServerProfile[], plan: { rounds: number; seconds: number }): string {
  const lines = [
    "# Where the time goes: CPU profiles of GET session",
    "",
    `\`npm run bench -- --profile\`: each server ran under \`node --cpu-prof\` through its warm-up and ${plan.rounds} rounds of ${plan.seconds} s.`,
    "Shares are of busy time (idle — waiting for a request or for the thread pool — is shown apart). *Self*: in the function itself; *total*: with what it called.",
  ];
  for (const profile of profiles) {
    lines.push(
      "",
      `## ${profile.label}`,
      "",
      `Main thread idle: ${(profile.idleShare * 100).toFixed(1)}% of the profile.`,
      "",
      "| function | self | total |",
      "|---|--:|--:|",
      ...profile.functions.map(
        (f) => `| \`${f.name}\` | ${(f.selfShare * 100).toFixed(1)}% | ${(f.totalShare * 100).toFixed(1)}% |`,
      ),
    );
  }
  return `${lines.join("\n")}\n`;
}

/**
 * The hand-written memory section of an existing PROFILE.md (from its `## Memory…` heading to the
 * end), so that a `--profile` run, which rewrites the CPU profiles, keeps it; empty when there is none.
 */
export function keptMemorySection(existing: string): string {
  const at = existing.search(/^## Memory/m);
  return at === -1 ? "" : `\n${existing.slice(at)}`;
}
