/**
 * The IPO sub-allocation records (`trx/sub_allocation`, domain tradeAllocation): one row per subscription of an
 * allocated IPO (requested and allocated shares, the amount and fee spent, what was released and what is owed),
 * filterable by client, agent, team, product, method and day, exported as CSV, totals per currency.
 */
import { tradeAllocation } from '../../domain/trading';
import { fieldsFromEntity } from '../engine/entityFields';
import type { ResourceConfig } from '../engine/types';
import { orderFilters, orderStatusOptions } from '../trades/common';
import { totalsFinder } from '../trades/ListTotals';

const money = { currencySource: 'currency' } as const;

/** The sub-allocation records' page. */
export const allocationConfig: ResourceConfig = {
  name: tradeAllocation.name,
  resource: tradeAllocation.resource,
  endpoints: { list: tradeAllocation.paths.list, export: tradeAllocation.paths.export },
  fields: fieldsFromEntity(tradeAllocation, {
    id: { hidden: true },
    product_id: false,
    client_id: false,
    order_id: { filter: false },
    // one method per product (its filter stays): in the column chooser, so the row fits 1366 px
    method: { hidden: true },
    // the code names the product; its name stays in the column chooser so the row fits 1366 px
    product_name: { hidden: true },
    username: { type: 'reference', idSource: 'client_id' },
    currency: { list: false, show: false },
    amount: money,
    fee: money,
    released: money,
    owed: money,
    order_status: { options: orderStatusOptions },
  }),
  filters: orderFilters('ipo'),
  sort: { field: 'id', order: 'DESC' },
  finder: totalsFinder(tradeAllocation.name),
};
