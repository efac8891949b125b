import { Box, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import InfoGrid from './InfoGrid';
import LoadState from './LoadState';
import { clientApi, type Kyc } from './api';
import { formatDate, formatDateTime, isEmpty } from './format';
import { useClientQuery } from './useClientQuery';
import { countryName, valueLabel } from './values';
import { findOption, kycStatuses } from '../../labels';
import { useTenantZone } from '../../engine/timeZone';

/** The identity fields of a submission, in display order (API names). */
const IDENTITY_FIELDS = ['real_name', 'id_type', 'id_number', 'nationality', 'dob', 'address', 'remark'] as const;
const IMAGES = ['front_image', 'back_image', 'selfie_image'] as const;

/** Whether the client has submitted identity data (the API answers the status alone otherwise). */
const submitted = (kyc: Kyc) =>
  !isEmpty(kyc.submitted_at) || IDENTITY_FIELDS.some((f) => !isEmpty(kyc[f])) || IMAGES.some((f) => !isEmpty(kyc[f]));

/** Real-name (KYC) information of the client (GET /identify/admin/v1/client_detail/{id}). */
export default function KycTab({ clientId }: { clientId: number | string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const zone = useTenantZone();
  // The client's KYC, or null when the client is not in scope any more (404).
  const state = useClientQuery(clientApi.kyc, clientId);
  return (
    <LoadState state={state}>
      {(kyc) => {
        const status = kyc ? findOption(kycStatuses, kyc.kyc_status) : undefined;
        const statusItem = kyc && {
          key: 'kyc_status',
          label: translate('client.kyc.status'),
          value: status ? translate(status.name) : kyc.kyc_status,
        };
        if (!kyc || !submitted(kyc))
          return (
            <Box>
              {statusItem && <InfoGrid items={[statusItem]} />}
              <Typography color="text.secondary" data-testid="kyc-empty" sx={{ mt: 1 }}>
                {translate('client.kyc.empty')}
              </Typography>
            </Box>
          );
        const shown: Record<(typeof IDENTITY_FIELDS)[number], string> = {
          real_name: kyc.real_name ?? '',
          id_type: valueLabel(translate, 'idType', kyc.id_type),
          id_number: kyc.id_number ?? '',
          nationality: countryName(kyc.nationality, locale),
          dob: formatDate(kyc.dob, locale),
          address: kyc.address ?? '',
          remark: kyc.remark ?? '',
        };
        const str = (v: string) => (isEmpty(v) ? null : v);
        const images = IMAGES.filter((f) => !isEmpty(kyc[`${f}_url`]));
        return (
          <Box data-testid="kyc-info">
            <InfoGrid
              items={[
                statusItem!,
                ...IDENTITY_FIELDS.map((f) => ({ key: f, label: translate(`client.kyc.${f}`), value: str(shown[f]) })),
                {
                  key: 'submitted_at',
                  label: translate('client.kyc.submitted_at'),
                  value: str(formatDateTime(kyc.submitted_at, locale, zone)),
                },
                {
                  key: 'reviewed_at',
                  label: translate('client.kyc.reviewed_at'),
                  value: str(formatDateTime(kyc.reviewed_at, locale, zone)),
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
                    <a key={f} href={kyc[`${f}_url`]!} target="_blank" rel="noreferrer">
                      <Box
                        component="img"
                        src={kyc[`${f}_url`]!}
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
