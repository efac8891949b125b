import type { RaRecord } from 'ra-core';
import { service, type ServiceRow } from '../../domain/service';
import { defineResource } from '../engine/define';
import { fieldsFromEntity } from '../engine/entityFields';

/** A configuration as the list answers it (domain/service.ts). */
export type ServiceRecord = ServiceRow & RaRecord;

/**
 * Customer-service configuration (spec section 2 "service"): the editor of the tenant's default and of a team's own
 * channels and working hours (ServicePage), above the generated list of the saved configurations.
 */
export default defineResource<ServiceRecord>({
  name: service.name,
  endpoints: { list: service.paths.list, export: service.paths.export },
  fields: fieldsFromEntity(service, { id: { hidden: true }, leader_id: false }),
  sort: { field: 'id', order: 'ASC' },
  rowClick: false,
  views: { list: () => import('./ServicePage') },
});
