import type { NextConfig } from "next";

const config: NextConfig = {
  poweredByHeader: false,
  // This folder sits inside the Gatehouse repository, whose lockfile would otherwise be taken for the
  // workspace root.
  turbopack: { root: import.meta.dirname },
};

export default config;
