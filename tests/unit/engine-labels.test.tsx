// Every declared resource (registry) has every label the engine shows for it in both languages: fields, options,
// filters, actions, inputs, tabs, sections and related sub-lists.
import { describe, expect, it } from 'vitest';
import { flattenMessages, messages } from '../../i18n';
import { declarationKeys } from '../../resources/engine/schema';
import type { ResourceConfig } from '../../resources/engine/types';
import { leaves } from '../../resources/menu';
import { registry } from '../../resources/registry';

const zh = flattenMessages(messages['zh-CN']);
const en = flattenMessages(messages['en-US']);

describe('declaration labels', () => {
  it('name the tabs, sections, related lists and options of a declaration', () => {
    const config: ResourceConfig = {
      name: 'gizmo',
      endpoints: { list: '/gizmo/list' },
      fields: [{ source: 'state', type: 'option', options: [{ id: 'a', name: 'labels.x.a' }], filter: true }],
      tabs: [{ name: 'main', fields: ['state'], sections: [{ name: 'more', fields: [] }] }],
      related: [{ name: 'logs', path: '/gizmo/{id}/logs', fields: [{ source: 'ip' }] }],
    };
    expect(declarationKeys(config).sort()).toEqual(
      [
        'labels.x.a',
        'resources.gizmo.fields.ip',
        'resources.gizmo.fields.state',
        'resources.gizmo.name',
        'resources.gizmo.related.logs',
        'resources.gizmo.sections.more',
        'resources.gizmo.tabs.main',
      ].sort(),
    );
  });

  it('are in both languages for every declared resource', async () => {
    const entries = await Promise.all(leaves(registry).flatMap((n) => (n.declaration ? [n.declaration()] : [])));
    const keys = entries.flatMap((e) => declarationKeys(e.config));
    expect(keys.length).toBeGreaterThan(50);
    expect(keys.filter((k) => !zh[k]).map((k) => `zh-CN ${k}`)).toEqual([]);
    expect(keys.filter((k) => !en[k]).map((k) => `en-US ${k}`)).toEqual([]);
  });
});
