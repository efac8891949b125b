// How the approvals queue describes a change of the IP allow-list (kind ip_access, resources/approval/describeChange.ts):
// what it does to the list (an entry added or deleted, the list turned on or off) and a note's from → to, in both
// languages; the range is named once.
import { describe, expect, it } from 'vitest';
import { createI18nProvider, messagesOf } from '../../i18n/core';
import approvalMessages from '../../resources/approval/messages';
import { describeChange } from '../../resources/approval/describeChange';

const messages = messagesOf([approvalMessages]);
const translateIn = (locale: 'zh-CN' | 'en-US') => {
  const provider = createI18nProvider({ messages, initialLocale: locale });
  return (key: string, options?: Record<string, unknown>) => String(provider.translate(key, options));
};
const change = (c: Record<string, unknown>) => ({ kind: 'ip_access', change: JSON.stringify(c) });

describe('describeChange of an ip_access change', () => {
  it('says which range is added, with its note', () => {
    const add = change({ op: 'create', target: '10.0.0.0/8', from: null, to: { cidr: '10.0.0.0/8', note: 'Office' } });
    expect(describeChange(add, translateIn('zh-CN'))).toBe('新增 IP 白名单条目 10.0.0.0/8: 备注 无 → Office');
    expect(describeChange(add, translateIn('en-US'))).toBe('Add 10.0.0.0/8 to the IP allow-list: Note none → Office');
    const bare = change({
      op: 'create',
      target: '203.0.113.7/32',
      from: null,
      to: { cidr: '203.0.113.7/32', note: null },
    });
    expect(describeChange(bare, translateIn('zh-CN'))).toBe('新增 IP 白名单条目 203.0.113.7/32');
  });

  it('says which range is deleted and the switch turned on or off', () => {
    const del = change({
      op: 'delete',
      target: '2001:db8::/32',
      from: { cidr: '2001:db8::/32', note: null },
      to: null,
    });
    expect(describeChange(del, translateIn('en-US'))).toBe('Delete 2001:db8::/32 from the IP allow-list');
    const on = change({ op: 'enable', target: 'allow_list', from: { allow_list: false }, to: { allow_list: true } });
    expect(describeChange(on, translateIn('zh-CN'))).toBe('开启 IP 白名单');
    const off = change({ op: 'disable', target: 'allow_list', from: { allow_list: true }, to: { allow_list: false } });
    expect(describeChange(off, translateIn('en-US'))).toBe('Turn the IP allow-list off');
  });
});
