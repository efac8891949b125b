import { useListContext } from 'ra-core';
import { ActionButton } from './ActionButton';
import type { ResourceConfig } from './types';

/** The bulk actions of a list, over the selected rows. */
export function BulkActions({ config }: { config: ResourceConfig }) {
  const { selectedIds, onUnselectItems } = useListContext();
  return (
    <>
      {(config.bulkActions ?? []).map((action) => (
        <ActionButton
          key={action.name}
          config={config}
          action={action}
          ids={selectedIds}
          onDone={() => onUnselectItems()}
        />
      ))}
    </>
  );
}
