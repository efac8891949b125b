import { Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { useConsoleDataProvider } from '../../../dataProvider/useConsoleDataProvider';
import { formatDateTime } from '../../engine/format';
import { sourceText } from '../../exchange_config/source';

interface RateDetail {
  rate: string;
  source: string | null;
  valid_from: string | null;
}

/**
 * Where the dialog's rate comes from: "汇率 x（来源 y，更新于 t）" (GET /currency/admin/v1/rate/detail, the current row
 * of the rate's history, exchange_config). Nothing for the same currency, while loading or when it cannot be read.
 */
export default function RateSource({ from, to }: { from: string; to: string }) {
  const translate = useTranslate();
  const dataProvider = useConsoleDataProvider();
  const asked = !!from && !!to && from !== to;
  const detail = useQuery({
    queryKey: ['currency', 'rate', 'detail', from, to],
    queryFn: ({ signal }) =>
      dataProvider.call<RateDetail>('/currency/admin/v1/rate/detail', {
        query: { primary: from, secondary: to },
        signal,
      }),
    enabled: asked,
    retry: false,
    gcTime: 0,
  });
  const d = detail.data;
  if (!asked || !d || !d.source) return null;
  return (
    <Typography variant="body2" color="text.secondary" data-testid="rate-source">
      {translate('resources.exchange_config.dialog.rateSource', {
        rate: d.rate,
        source: sourceText(d.source, translate),
        time: d.valid_from ? formatDateTime(d.valid_from, true) : '-',
      })}
    </Typography>
  );
}
