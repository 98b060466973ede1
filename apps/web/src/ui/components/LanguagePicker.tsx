import { useRouter } from "@tanstack/react-router";
import { type ChangeEvent, useEffect, useId, useRef, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { rememberLanguage } from "../i18n/browser-language.ts";
import { switchLanguage } from "../i18n/i18n.ts";
import { useLanguageChoices } from "../i18n/language-choices.ts";
import { isLanguage, type Language, NATIVE_NAMES } from "../i18n/languages.ts";

/**
 * The language picker: each language in its own words (and tagged with it, for screen readers). A
 * choice fetches that language's messages, then changes the page at once and remembers it in the
 * `gatehouse-lang` cookie, which core's own pages read too. When they cannot be fetched the page keeps
 * its language and an alert says so, and to reload the page before trying again: Chromium keeps a
 * module that failed to load failed for the page's life. Not shown when the server decides the
 * language, or offers only one.
 */
export function LanguagePicker() {
  const id = useId();
  const { t, i18n } = useTranslation("common");
  const router = useRouter();
  const choices = useLanguageChoices();
  // The choice on its way (the picker shows it meanwhile), and the one that could not be fetched.
  const [pending, setPending] = useState<Language | null>(null);
  const [failed, setFailed] = useState<Language | null>(null);
  // A newer choice supersedes an older one still loading: the last one picked wins.
  const switching = useRef<AbortController | null>(null);
  useEffect(() => () => switching.current?.abort(), []);
  if (choices.length < 2) return null;
  const current = i18n.resolvedLanguage ?? i18n.language;

  async function choose(event: ChangeEvent<HTMLSelectElement>) {
    const language = event.target.value;
    if (!isLanguage(language)) return;
    switching.current?.abort();
    const controller = new AbortController();
    switching.current = controller;
    setFailed(null);
    setPending(language === current ? null : language);
    try {
      await switchLanguage(i18n, language, { signal: controller.signal });
    } catch {
      if (controller.signal.aborted) return;
      setFailed(language);
      setPending(null);
      return;
    }
    setPending(null);
    rememberLanguage(language);
    // `?lang=` outranks the cookie: drop it, or a reload would bring the old language back.
    const url = new URL(window.location.href);
    if (url.searchParams.has("lang")) {
      url.searchParams.delete("lang");
      router.history.replace(`${url.pathname}${url.search}${url.hash}`);
    }
  }

  return (
    <>
      <div className="language-picker">
        <label htmlFor={id}>{t("site.language")}</label>
        <select
          id={id}
          value={pending ?? current}
          onChange={(event) => void choose(event)}
          aria-describedby={failed ? `${id}-failed` : undefined}
        >
          {choices.map((language) => (
            <option key={language} value={language} lang={language}>
              {NATIVE_NAMES[language]}
            </option>
          ))}
        </select>
      </div>
      {failed && (
        <p className="field-error" id={`${id}-failed`} role="alert">
          <Trans
            t={t}
            i18nKey="site.languageFailed"
            values={{ language: NATIVE_NAMES[failed] }}
            // The language's name in its own words, read in its own voice.
            components={{ name: <span lang={failed} /> }}
          />
        </p>
      )}
    </>
  );
}
