import { SessionProvider } from "@gatehouse/react";
import type { Metadata } from "next";
import type { ReactNode } from "react";

export const metadata: Metadata = { title: "Gatehouse on Next.js" };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        {/* A client component (@gatehouse/react is marked "use client"); it loads the session in the browser. */}
        <SessionProvider>{children}</SessionProvider>
      </body>
    </html>
  );
}
