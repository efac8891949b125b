import { useEffect } from 'react';
import { useLocaleState } from 'ra-core';

/**
 * `lang` of <html> follows the UI language, so that the browser (fonts, hyphenation, native date and time pickers
 * that honour it, screen readers) reads the page in the language it is written in.
 */
export function useDocumentLang(): void {
  const [locale] = useLocaleState();
  useEffect(() => {
    if (locale) document.documentElement.lang = locale;
  }, [locale]);
}
