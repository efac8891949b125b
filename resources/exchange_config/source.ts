/** A rate's source as shown: `initial` (the rates set before their history began) translated, others as entered. */
export const sourceText = (source: string, translate: (key: string) => string) =>
  source === 'initial' ? translate('resources.exchange_config.source_values.initial') : source;
