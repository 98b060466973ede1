import { SessionProvider } from "@gatehouse/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { ReauthProvider } from "./features/reauth/ReauthProvider.tsx";
import { createQueryClient } from "./query-client.ts";
import { createAppRouter } from "./router.ts";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

createRoot(root).render(
  <StrictMode>
    <SessionProvider>
      <QueryClientProvider client={queryClient}>
        <ReauthProvider>
          <RouterProvider router={router} />
        </ReauthProvider>
      </QueryClientProvider>
    </SessionProvider>
  </StrictMode>,
);
