import { useState, type MouseEvent } from 'react';
import { Box, ButtonBase, Dialog, IconButton, Typography } from '@mui/material';
import BrokenImageIcon from '@mui/icons-material/BrokenImageOutlined';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslate } from 'ra-core';

/** Props of ProofImage. */
export interface ProofImageProps {
  /** A URL the browser loads as is (a signed read URL from the API, or a blob: URL). */
  src: string;
  /** i18n key of the alternative text. */
  alt?: string;
  /** Largest thumbnail height in px (list cells are small, previews larger). */
  height?: number;
  'data-testid'?: string;
}

/**
 * A proof image: a thumbnail that opens the full image in a dialog, with alternative text, and a translated
 * message in its place when the image cannot be loaded (expired or missing file).
 */
export function ProofImage({ src, alt = 'engine.image.alt', height = 28, ...rest }: ProofImageProps) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const text = translate(alt);
  if (failed === src) {
    return (
      <Box
        component="span"
        role="img"
        aria-label={text}
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'text.secondary', fontSize: 12 }}
      >
        <BrokenImageIcon fontSize="small" />
        {translate('engine.image.error')}
      </Box>
    );
  }
  const show = (e: MouseEvent) => {
    e.stopPropagation(); // a list row would open the record
    setOpen(true);
  };
  return (
    <>
      <ButtonBase onClick={show} aria-label={translate('engine.image.open')} sx={{ borderRadius: 1 }}>
        <Box
          component="img"
          src={src}
          alt={text}
          loading="lazy"
          data-testid={rest['data-testid'] ?? 'proof-image'}
          onError={() => setFailed(src)}
          sx={{
            maxHeight: height,
            maxWidth: height * 2,
            objectFit: 'contain',
            verticalAlign: 'middle',
            borderRadius: 1,
          }}
        />
      </ButtonBase>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="lg" onClick={(e) => e.stopPropagation()}>
        <Box sx={{ position: 'relative', p: 1 }}>
          <IconButton
            aria-label={translate('engine.action.close')}
            onClick={() => setOpen(false)}
            size="small"
            sx={{ position: 'absolute', top: 8, right: 8, bgcolor: 'background.paper' }}
          >
            <CloseIcon fontSize="small" />
          </IconButton>
          <Box component="img" src={src} alt={text} sx={{ display: 'block', maxWidth: '90vw', maxHeight: '85vh' }} />
          <Typography variant="caption" color="text.secondary">
            {text}
          </Typography>
        </Box>
      </Dialog>
    </>
  );
}
