/** Display words of the drawer's coded values: document types, relationships, access actions and countries. */

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The translation of a coded value (`client.values.<set>.<value>`), or the value as sent when it has none. */
export function valueLabel(translate: Translate, set: 'idType' | 'relationship' | 'accessAction', value: unknown) {
  if (value === null || value === undefined || value === '') return '';
  const raw = String(value);
  return translate(`client.values.${set}.${raw}`, { _: raw });
}

/** A country's name in the UI language from its ISO 3166 code ('CN' → 中国 / China); the code when unknown. */
export function countryName(code: unknown, locale: string): string {
  if (typeof code !== 'string' || !code.trim()) return '';
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code.trim().toUpperCase()) ?? code;
  } catch {
    return code; // not a region code
  }
}
