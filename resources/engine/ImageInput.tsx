import { useRef, useState, type ChangeEvent } from 'react';
import { Box, Button, FormHelperText, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import UploadIcon from '@mui/icons-material/Upload';
import { useTranslate } from 'ra-core';
import type { Http } from '../../dataProvider/http';
import { ProofImage } from './ProofImage';
import { withRequestId } from '../../dataProvider/errorText';

/** Largest image accepted, in bytes (5 MB, the API's limit). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** What `POST /s3/admin/presign/put` answers: where to PUT the file and the URL the record stores. */
export interface PresignedUpload {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  public_url: string;
  /** A signed, short-lived URL to read the uploaded image (the preview). */
  read_url?: string;
}

/** Absolute form of an upload URL (the presign answer may be relative to the console's origin). */
function absolute(url: string): string {
  return new URL(url, globalThis.location?.href ?? 'http://localhost/').toString();
}

/** The answer itself, or the `data` of a `{ data }` envelope. */
function unwrap<T>(body: unknown): T {
  const data = body && typeof body === 'object' && 'data' in body ? (body as { data: unknown }).data : undefined;
  return (data && typeof data === 'object' ? data : body) as T;
}

/**
 * Uploads `file` through the presign call, then PUTs it straight to the returned URL (no bearer: the URL is signed);
 * resolves to its public URL (what the record stores) and the signed read URL an <img> loads without any header.
 */
export async function uploadImage(
  http: Http,
  file: File,
  purpose?: ImageInputProps['purpose'],
): Promise<{ publicUrl: string; readUrl: string }> {
  const presigned = unwrap<PresignedUpload>(
    await http('/s3/admin/presign/put', {
      method: 'POST',
      body: { filename: file.name, content_type: file.type, size: file.size, ...(purpose ? { purpose } : {}) },
    }),
  );
  if (!presigned?.url || !presigned.public_url) throw new Error('presign answer without url');
  const res = await fetch(absolute(presigned.url), {
    method: presigned.method ?? 'PUT',
    headers: { 'Content-Type': file.type, ...presigned.headers },
    body: file,
  });
  if (!res.ok) throw new Error(`upload failed (${res.status})`);
  return { publicUrl: presigned.public_url, readUrl: presigned.read_url ?? presigned.public_url };
}

/** Props of ImageInput. */
export interface ImageInputProps {
  /** The uploaded image's public URL, or null/'' when there is none. */
  value: string | null;
  onChange: (url: string | null) => void;
  /** The API client the presign call goes through. */
  http: Http;
  /** Told when an upload starts and ends, so the form can wait for it. */
  onUploadingChange?: (uploading: boolean) => void;
  disabled?: boolean;
  /** i18n key of the label; default `engine.imageInput.label`. */
  label?: string;
  /** i18n key of the preview's alternative text; default `engine.imageInput.alt`. */
  alt?: string;
  required?: boolean;
  /** An error to show instead of the hint (e.g. required), already translated. */
  error?: string;
  /** Prefix of the test ids: `<testId>-input`, `<testId>-preview` (default 'image'). */
  testId?: string;
  /** What the upload is for (the API checks its grant); default proof. */
  purpose?: 'proof' | 'kyc' | 'logo';
  /**
   * The stored value's own readable URL (the record's signed `<source>_url`): stored URLs need a signature to load,
   * so the preview of the value the form opened with uses it.
   */
  stored?: { value: string; src: string | null | undefined };
}

/** One image (images only, at most 5 MB), uploaded through `POST /s3/admin/presign/put`, with a preview and clear. */
export function ImageInput({
  value,
  onChange,
  http,
  onUploadingChange,
  disabled,
  label = 'engine.imageInput.label',
  alt = 'engine.imageInput.alt',
  required,
  error: givenError,
  testId = 'image',
  purpose,
  stored,
}: ImageInputProps) {
  const translate = useTranslate();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ value: string; src: string } | null>(null);
  const max = { max: MAX_IMAGE_BYTES / 1024 / 1024 };

  const setBusy = (busy: boolean) => {
    setUploading(busy);
    onUploadingChange?.(busy);
  };

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) return setError(translate('engine.imageInput.notImage'));
    if (file.size > MAX_IMAGE_BYTES) return setError(translate('engine.imageInput.tooLarge', max));
    setError(null);
    setBusy(true);
    try {
      const { publicUrl, readUrl } = await uploadImage(http, file, purpose);
      setPreview({ value: publicUrl, src: readUrl });
      onChange(publicUrl);
    } catch (e) {
      setError(withRequestId(translate, e, translate('engine.imageInput.failed')));
    } finally {
      setBusy(false);
    }
  };

  const shownError = error ?? givenError;
  return (
    <Box>
      <Typography variant="body2" color={shownError ? 'error' : 'text.secondary'} gutterBottom>
        {translate(label)}
        {required ? ' *' : ''}
      </Typography>
      <input
        ref={input}
        type="file"
        accept="image/*"
        hidden
        data-testid={`${testId}-input`}
        aria-label={translate('engine.imageInput.upload')}
        onChange={pick}
      />
      {value ? (
        <Stack direction="row" spacing={1} alignItems="flex-start">
          <ProofImage
            src={preview?.value === value ? preview.src : stored?.value === value && stored.src ? stored.src : value}
            alt={alt}
            height={120}
            data-testid={`${testId}-preview`}
          />
          <Tooltip title={translate('engine.imageInput.remove')}>
            <IconButton
              aria-label={translate('engine.imageInput.remove')}
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
          {translate(uploading ? 'engine.imageInput.uploading' : 'engine.imageInput.upload')}
        </Button>
      )}
      <FormHelperText error={!!shownError}>{shownError ?? translate('engine.imageInput.hint', max)}</FormHelperText>
    </Box>
  );
}
