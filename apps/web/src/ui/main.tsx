import { SessionProvider } from "@gatehouse/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { ReauthProvider } from "./features/reauth/ReauthProvider.tsx";
import { APP_MESSAGES } from "./i18n/app-messages.ts";
import { followDocumentLanguage, pageLanguage } from "./i18n/browser-language.ts";
import { createI18n, switchLanguage } from "./i18n/i18n.ts";
import { LanguageChoices } from "./i18n/language-choices.ts";
import { createQueryClient } from "./query-client.ts";
import { createAppRouter } from "./router.ts";

/**
 * Renders the app once the page's language is in, so that its first words are already in that language
 * (no English first, no keys). When the language's chunk cannot be fetched, the page speaks English,
 * the fallback, rather than nothing; the picker can try again.
 */
async function start(root: HTMLElement): Promise<void> {
  const { language, choices } = pageLanguage();
  const i18n = createI18n({ messages: APP_MESSAGES });
  try {
    await switchLanguage(i18n, language);
  } catch (error) {
    console.error(`The ${language} messages could not be loaded; showing English.`, error);
  }
  followDocumentLanguage(i18n);
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient);

  createRoot(root).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <LanguageChoices.Provider value={choices}>
          <SessionProvider>
            <QueryClientProvider client={queryClient}>
              <ReauthProvider>
                <RouterProvider router={router} />
              </ReauthProvider>
            </QueryClientProvider>
          </SessionProvider>
        </LanguageChoices.Provider>
      </I18nextProvider>
    </StrictMode>,
  );
}

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
void start(root);
