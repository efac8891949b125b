// The page's language follows the UI language: <html lang> (native pickers, fonts and screen readers read it).
import { act, render, screen } from '@testing-library/react';
import { CoreAdminContext, memoryStore, useLocaleState } from 'ra-core';
import { describe, expect, it } from 'vitest';
import { createI18nProvider } from '../../i18n';
import { useDocumentLang } from '../../src/layout/useDocumentLang';

function Probe() {
  useDocumentLang();
  const [, setLocale] = useLocaleState();
  return (
    <button type="button" onClick={() => setLocale('en-US')}>
      english
    </button>
  );
}

describe('document language', () => {
  it('is the UI locale, and follows a switch of language', async () => {
    document.documentElement.lang = 'xx';
    render(
      <CoreAdminContext i18nProvider={createI18nProvider({ initialLocale: 'zh-CN' })} store={memoryStore()}>
        <Probe />
      </CoreAdminContext>,
    );
    const button = await screen.findByRole('button', { name: 'english' });
    expect(document.documentElement.lang).toBe('zh-CN');
    await act(async () => button.click());
    await act(async () => {}); // the provider loads the new locale
    expect(document.documentElement.lang).toBe('en-US');
  });
});
