import { Box, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import InfoGrid from './InfoGrid';
import LoadState from './LoadState';
import { clientApi } from './api';
import { formatDate, formatDateTime, isEmpty } from './format';
import { useLoad } from './useLoad';
import { findOption, kycStatuses } from '../../labels';

const TEXT_FIELDS = [
  'full_name',
  'id_type',
  'id_number',
  'nationality',
  'gender',
  'email',
  'address',
  'remark',
] as const;
const IMAGE_FIELDS = ['id_front', 'id_back', 'selfie'] as const;

/** The client's KYC submission, or null when there is none (a 404 means none). */
async function loadKyc(clientId: number | string) {
  try {
    return await clientApi.kyc(clientId);
  } catch (err) {
    if ((err as { status?: number }).status === 404) return null;
    throw err;
  }
}

/** Real-name (KYC) information of the client (GET /identify/admin/v1/client_detail/{id}). */
export default function KycTab({ clientId }: { clientId: number | string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const state = useLoad(String(clientId), () => loadKyc(clientId));
  return (
    <LoadState state={state}>
      {(kyc) => {
        if (!kyc)
          return (
            <Typography color="text.secondary" data-testid="kyc-empty">
              {translate('client.kyc.empty')}
            </Typography>
          );
        const status = findOption(kycStatuses, kyc.status);
        const str = (v: unknown) => (isEmpty(v) ? null : String(v));
        const images = IMAGE_FIELDS.filter((f) => !isEmpty(kyc[f]));
        return (
          <Box data-testid="kyc-info">
            <InfoGrid
              items={[
                {
                  key: 'status',
                  label: translate('client.kyc.status'),
                  value: status ? translate(status.name) : str(kyc.status),
                },
                ...TEXT_FIELDS.map((f) => ({ key: f, label: translate(`client.kyc.${f}`), value: str(kyc[f]) })),
                {
                  key: 'birthday',
                  label: translate('client.kyc.birthday'),
                  value: str(formatDate(kyc.birthday, locale)),
                },
                {
                  key: 'submitted_at',
                  label: translate('client.kyc.submitted_at'),
                  value: str(formatDateTime(kyc.submitted_at, locale)),
                },
                {
                  key: 'reviewed_at',
                  label: translate('client.kyc.reviewed_at'),
                  value: str(formatDateTime(kyc.reviewed_at, locale)),
                },
              ]}
            />
            {images.length > 0 && (
              <Box sx={{ mt: 2 }}>
                <Typography variant="subtitle2" gutterBottom>
                  {translate('client.kyc.images')}
                </Typography>
                <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                  {images.map((f) => (
                    <a key={f} href={String(kyc[f])} target="_blank" rel="noreferrer">
                      <Box
                        component="img"
                        src={String(kyc[f])}
                        alt={translate(`client.kyc.${f}`)}
                        sx={{
                          width: 160,
                          height: 100,
                          objectFit: 'cover',
                          borderRadius: 1,
                          border: 1,
                          borderColor: 'divider',
                        }}
                      />
                    </a>
                  ))}
                </Box>
              </Box>
            )}
          </Box>
        );
      }}
    </LoadState>
  );
}
