import { useMemo, type ReactElement } from 'react';
import { DateInput, NumberInput, SelectInput, TextInput } from 'react-admin';
import { can } from '../../permissions/can';
import { usePermissionPayload } from '../../permissions/useCan';
import { RangeLabel } from './RangeLabel';
import { RemoteOptionFilter } from './RemoteOptionFilter';
import { fieldLabel, filtersOf, rangeParams } from './schema';
import type { ResourceConfig } from './types';

const BOOLEAN_CHOICES = [
  { id: 'true', name: 'ra.boolean.true' },
  { id: 'false', name: 'ra.boolean.false' },
];

/**
 * The react-admin filter inputs of a resource's filter schema (a date range gives a from and a to input); a filter
 * with a permission is left out when `allowed` refuses it.
 */
export function filterInputs(
  config: ResourceConfig,
  allowed: (permission: { resource: string; action: string }) => boolean = () => true,
): ReactElement[] {
  return filtersOf(config).flatMap((filter) => {
    const label = fieldLabel(config, filter);
    const common = { alwaysOn: filter.alwaysOn !== false, label };
    switch (filter.type) {
      case 'text':
        return [<TextInput key={filter.source} source={filter.source} resettable {...common} />];
      case 'number':
        return [<NumberInput key={filter.source} source={filter.source} {...common} />];
      case 'boolean':
        return [<SelectInput key={filter.source} source={filter.source} choices={BOOLEAN_CHOICES} {...common} />];
      case 'option':
        return [
          <SelectInput
            key={filter.source}
            source={filter.source}
            choices={filter.options.map((o) => ({ id: String(o.id), name: o.name }))}
            {...common}
          />,
        ];
      case 'remoteOption':
        if (filter.permission && !allowed(filter.permission)) return [];
        return [<RemoteOptionFilter key={filter.source} source={filter.source} load={filter.load} {...common} />];
      case 'dateRange': {
        const { from, to } = rangeParams(filter);
        return [
          <DateInput key={from} source={from} {...common} label={<RangeLabel label={label} edge="from" />} />,
          <DateInput key={to} source={to} {...common} label={<RangeLabel label={label} edge="to" />} />,
        ];
      }
    }
  });
}

/** The filter inputs of a resource for the signed-in staff member (filters he may not use are left out). */
export function useFilterInputs(config: ResourceConfig): ReactElement[] {
  const grants = usePermissionPayload()?.grants;
  return useMemo(() => filterInputs(config, (p) => can(grants, p.resource, p.action)), [config, grants]);
}
