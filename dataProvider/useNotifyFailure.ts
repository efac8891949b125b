import { useCallback } from 'react';
import { useNotify, useTranslate } from 'ra-core';
import { withRequestId } from './errorText';

/**
 * Notifies a failure with the screen's own text for it (the translation of `key`, e.g. 无法获取用户信息), followed by
 * the failed request's id when the error is an API answer that carries one (errors.withRequestId), so that staff can
 * quote it (docs/operations.md). Without an id (no answer) the text reads as before.
 */
export function useNotifyFailure() {
  const notify = useNotify();
  const translate = useTranslate();
  return useCallback(
    (err: unknown, key: string, type: 'error' | 'warning' = 'error') => {
      const text = withRequestId(translate, err, translate(key));
      notify(text, { type, messageArgs: { _: text } });
    },
    [notify, translate],
  );
}
