import type { ProductStats } from './api';
import { CardGrid } from './CardGrid';
import { KindCard } from './KindCard';

/** The Product tab: one card per product kind. */
export function ProductTab({ data }: { data: ProductStats }) {
  return (
    <CardGrid min={250}>
      {data.kinds.map((row) => (
        <KindCard key={row.kind} row={row} testId={`kind-${row.kind}`} />
      ))}
    </CardGrid>
  );
}
