import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_NAMES, AUDIT_ACTION_GROUPS } from '../../domain/audit-actions';
import { actionFilterOptions, actionKey, actionOptions } from '../../resources/audit_log/actions';
import messages from '../../resources/audit_log/messages';

/** The text at an i18n key of the audit log's messages. */
const text = (lang: 'zh-CN' | 'en-US', key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages[lang]);

describe('audit log vocabulary', () => {
  it('labels and filters every action of the vocabulary in both languages (ops, config and trading ones included)', () => {
    for (const action of ['trading.stock.order.place', 'currency_pair.create', 'message.deliver', 'emergency.request'])
      expect(AUDIT_ACTION_NAMES).toContain(action);
    for (const action of AUDIT_ACTION_NAMES) {
      expect(text('zh-CN', actionKey(action)), action).toMatch(/[\u4e00-\u9fff]/);
      expect(text('en-US', actionKey(action)), action).toBeTruthy();
      expect(actionOptions.some((o) => o.id === action)).toBe(true);
    }
    for (const group of Object.keys(AUDIT_ACTION_GROUPS)) {
      const option = actionFilterOptions.find((o) => o.id === `${group}.`);
      expect(option, group).toBeDefined();
      expect(text('en-US', option!.name), group).toMatch(/\(all\)$/);
    }
  });
});
