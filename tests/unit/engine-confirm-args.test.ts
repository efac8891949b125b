// A confirmation interpolates the row as a person reads it: an option's and a yes/no's label, a field's own value
// (the approval policy's `*` currency), money grouped; never a raw code.
import { describe, expect, it } from 'vitest';
import { i18nProvider, loadResourceMessages } from '../../i18n';
import approvalPolicy from '../../resources/approval_policy';
import { confirmArgs } from '../../resources/engine/ActionDialog';
import type { ResourceConfig } from '../../resources/engine/types';

describe('confirmation texts', () => {
  it('read the policy row in Chinese: the kind, "every other currency" for *, the amounts grouped', async () => {
    await loadResourceMessages();
    await i18nProvider.changeLocale('zh-CN');
    const translate = (key: string, options?: Record<string, unknown>) => i18nProvider.translate(key, options);
    const config = approvalPolicy.config as unknown as ResourceConfig;
    const row = {
      id: 'compensation:*',
      kind: 'compensation',
      currency: '*',
      enabled: false,
      one_checker_from: '10000.00',
      two_checkers_from: null,
      maker_daily_limit: null,
      client_daily_limit: null,
      source: 'default',
      pending_approval_id: null,
    };
    const args = confirmArgs(config, row, 1, translate);
    expect(args).toMatchObject({
      kind: '赠分',
      currency: '其他所有币种',
      enabled: '否',
      one_checker_from: '10,000.00',
    });
    const text = translate('resources.approval_policy.confirm.edit', args);
    expect(text).toContain('修改 赠分 / 其他所有币种 的复核档位');
    expect(text).not.toMatch(/compensation|\*|%\{/);
  });
});
