import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FieldValue } from '../../resources/engine/FieldValue';
import { renderWithEngine } from './engine.helpers';
import { installMsw } from './msw';

installMsw();

describe('FieldValue numbers', () => {
  it('shows ids without thousands separators and other numbers grouped', async () => {
    const record = { id: 1234567, client_id: 23456, amount: '1234.50' };
    await renderWithEngine(
      <div>
        <FieldValue field={{ source: 'id', type: 'number' }} record={record} />
        <FieldValue field={{ source: 'client_id', type: 'number' }} record={record} />
        <FieldValue field={{ source: 'amount', type: 'money' }} record={record} />
      </div>,
    );
    expect(await screen.findByText('1234567')).toBeTruthy();
    expect(screen.getByText('23456')).toBeTruthy();
    expect(screen.getByText('1,234.50')).toBeTruthy();
  });
});
