import type { ReactElement } from 'react';
import { DateInput, NumberInput, SelectInput, TextInput } from 'react-admin';
import { RangeLabel } from './RangeLabel';
import { fieldLabel, filtersOf, rangeParams } from './schema';
import type { ResourceConfig } from './types';

const BOOLEAN_CHOICES = [
  { id: 'true', name: 'ra.boolean.true' },
  { id: 'false', name: 'ra.boolean.false' },
];

/** The react-admin filter inputs of a resource's filter schema (a date range gives a from and a to input). */
export function filterInputs(config: ResourceConfig): ReactElement[] {
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
