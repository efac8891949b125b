/**
 * The declared entities (docs/adding-an-entity.md): each line is an entity whose every registration is derived from
 * its definition, on both sides: the API module `server/modules/<name>/routes.ts` (server/app.ts), the menu node
 * under its first parent with its title and permission key (resources/registry.ts), its page
 * (`resources/<name>/index.ts`, else the definition's entityResource), its texts (`resources/<name>/messages.ts`, else
 * entityMessages), its audit actions `<name>.create|update|delete` labelled with its noun (domain/audit-actions.ts)
 * and the tests' lists of resources. `npm run new:entity` adds the line.
 */
import { currencyPair } from './currency-pair';
import type { EntityDef, Labels } from './entity';

/** A declared entity: a definition with its menu title and noun. */
export type DeclaredEntity = EntityDef & { readonly title: Labels; readonly noun: Labels };

export const DECLARED_ENTITIES: readonly DeclaredEntity[] = [currencyPair];
