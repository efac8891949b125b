import { useRef, useState, type ChangeEvent } from 'react';
import { Box, Button, FormHelperText, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import UploadIcon from '@mui/icons-material/Upload';
import { useTranslate } from 'react-admin';
import { ProofImage } from '../../engine/ProofImage';
import { fundsApi } from './api';

/** Largest proof image accepted, in bytes (5 MB). */
export const MAX_PROOF_BYTES = 5 * 1024 * 1024;

/** Props of ProofImageUpload. */
export interface ProofImageUploadProps {
  /** The uploaded image's public URL, or null. */
  value: string | null;
  onChange: (url: string | null) => void;
  /** Told when an upload starts and ends, so the form can wait for it. */
  onUploadingChange?: (uploading: boolean) => void;
  disabled?: boolean;
}

/** Absolute form of an upload URL (the presign answer may be relative to the console's origin). */
function absolute(url: string): string {
  return new URL(url, globalThis.location?.href ?? 'http://localhost/').toString();
}

/**
 * Uploads `file` through the presign call, then PUTs it straight to the returned URL; resolves to its public URL (what
 * the record stores) and the signed read URL an <img> can load without any header (the preview).
 */
export async function uploadProof(file: File): Promise<{ publicUrl: string; readUrl: string }> {
  const presigned = await fundsApi.presign({ filename: file.name, content_type: file.type, size: file.size });
  if (!presigned?.url || !presigned.public_url) throw new Error('presign answer without url');
  const res = await fetch(absolute(presigned.url), {
    method: presigned.method ?? 'PUT',
    headers: { 'Content-Type': file.type, ...presigned.headers },
    body: file,
  });
  if (!res.ok) throw new Error(`upload failed (${res.status})`);
  return { publicUrl: presigned.public_url, readUrl: presigned.read_url ?? presigned.public_url };
}

/** One proof image (max 1, images only, at most 5 MB), uploaded through `POST /s3/admin/presign/put`. */
export default function ProofImageUpload({ value, onChange, onUploadingChange, disabled }: ProofImageUploadProps) {
  const translate = useTranslate();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ value: string; src: string } | null>(null);

  const setBusy = (busy: boolean) => {
    setUploading(busy);
    onUploadingChange?.(busy);
  };

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) return setError(translate('client.proof.notImage'));
    if (file.size > MAX_PROOF_BYTES) return setError(translate('client.proof.tooLarge'));
    setError(null);
    setBusy(true);
    try {
      const { publicUrl, readUrl } = await uploadProof(file);
      setPreview({ value: publicUrl, src: readUrl });
      onChange(publicUrl);
    } catch {
      setError(translate('client.proof.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {translate('client.proof.label')}
      </Typography>
      <input
        ref={input}
        type="file"
        accept="image/*"
        hidden
        data-testid="proof-input"
        aria-label={translate('client.proof.upload')}
        onChange={pick}
      />
      {value ? (
        <Stack direction="row" spacing={1} alignItems="flex-start">
          <ProofImage
            src={preview?.value === value ? preview.src : value}
            alt="client.proof.alt"
            height={120}
            data-testid="proof-preview"
          />
          <Tooltip title={translate('client.proof.remove')}>
            <IconButton
              aria-label={translate('client.proof.remove')}
              onClick={() => onChange(null)}
              disabled={disabled}
              size="small"
            >
              <CloseIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Stack>
      ) : (
        <Button
          variant="outlined"
          size="small"
          startIcon={<UploadIcon />}
          disabled={disabled || uploading}
          onClick={() => input.current?.click()}
        >
          {translate(uploading ? 'client.proof.uploading' : 'client.proof.upload')}
        </Button>
      )}
      <FormHelperText error={!!error}>{error ?? translate('client.proof.hint')}</FormHelperText>
    </Box>
  );
}
