import LoadState from './LoadState';
import RecordTable from './RecordTable';
import { clientApi } from './api';
import { useClientQuery } from './useClientQuery';

/** The client's bank cards: bank_name, holder_name, acc_no, address, phone (spec section 3). */
export default function BankCardsTab({ clientId }: { clientId: number | string }) {
  const state = useClientQuery(clientApi.bankCards, clientId);
  return (
    <LoadState state={state}>
      {(rows) => (
        <RecordTable
          testId="bank-cards"
          rows={rows}
          columns={[
            { source: 'bank_name', label: 'client.bank.bank_name' },
            { source: 'holder_name', label: 'client.bank.holder_name' },
            { source: 'acc_no', label: 'client.bank.acc_no' },
            { source: 'address', label: 'client.bank.address' },
            { source: 'phone', label: 'client.bank.phone' },
          ]}
        />
      )}
    </LoadState>
  );
}
