import type { Logger } from "../config/options.ts";
import type { I18nSettings } from "../config/resolve-i18n.ts";
import { describe } from "../errors/describe.ts";
import { chooseLocale, type LocaleRequest } from "./negotiate-locale.ts";
import type { Translator } from "./translator.ts";

/**
 * The translator of a request's language (see `chooseLocale`). An app's `detectLocale` that throws
 * is logged (`DetectLocaleFailed`) and the request goes on to the next way of choosing.
 */
export function requestTranslator(
  request: LocaleRequest,
  config: { readonly i18n: I18nSettings; readonly logger: Logger },
): Translator {
  const { i18n, logger } = config;
  const { locale } = chooseLocale(request, i18n, (error) =>
    logger.warn("DetectLocaleFailed", describe(error)),
  );
  const translator = i18n.translators.get(locale) ?? i18n.translators.get(i18n.defaultLocale);
  // resolveI18n builds one translator per offered language, and chooseLocale only answers those.
  if (!translator) throw new Error(`no translator for ${locale}`);
  return translator;
}
