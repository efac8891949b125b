import { useTranslate } from 'ra-core';

/** The label of one end of a date range filter: "Registered from", "Registered to". */
export function RangeLabel({ label, edge }: { label: string; edge: 'from' | 'to' }) {
  const translate = useTranslate();
  return <>{translate(`engine.filter.${edge}`, { field: translate(label) })}</>;
}
