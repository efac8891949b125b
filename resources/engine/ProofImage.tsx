import { useState, type MouseEvent } from 'react';
import { Box, ButtonBase, Dialog, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import BrokenImageIcon from '@mui/icons-material/BrokenImageOutlined';
import CloseIcon from '@mui/icons-material/Close';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import { useTranslate } from 'ra-core';

/** Props of ProofImage. */
export interface ProofImageProps {
  /** A URL the browser loads as is (a signed read URL from the API, or a blob: URL). */
  src: string;
  /** i18n key of the alternative text. */
  alt?: string;
  /** Largest thumbnail height in px (list cells are small, previews larger). */
  height?: number;
  /** Largest thumbnail width in px (default twice the height); never wider than its container. */
  width?: number;
  'data-testid'?: string;
}

/**
 * The zoom view of an image: fit to the window, or at its actual size (1:1) with scroll bars; a click on the image or
 * the zoom button switches; Esc, a click outside or the close button closes it.
 */
function ZoomDialog({ src, text, onClose }: { src: string; text: string; onClose: () => void }) {
  const translate = useTranslate();
  const [actual, setActual] = useState(false);
  const toggle = translate(actual ? 'engine.image.fitWindow' : 'engine.image.actualSize');
  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth={false}
      // a phone keeps a thin margin around the image
      slotProps={{ paper: { sx: { m: { xs: 1, sm: 4 } } } }}
      onClick={(e) => e.stopPropagation()}
      aria-label={text}
      data-testid="image-zoom"
    >
      <Stack direction="row" alignItems="center" spacing={1} sx={{ px: 1.5, py: 0.5 }}>
        <Typography variant="caption" color="text.secondary" sx={{ flex: 1 }}>
          {text}
        </Typography>
        <Tooltip title={toggle}>
          <IconButton aria-label={toggle} aria-pressed={actual} onClick={() => setActual((a) => !a)} size="small">
            {actual ? <ZoomOutIcon fontSize="small" /> : <ZoomInIcon fontSize="small" />}
          </IconButton>
        </Tooltip>
        <IconButton aria-label={translate('engine.action.close')} onClick={onClose} size="small">
          <CloseIcon fontSize="small" />
        </IconButton>
      </Stack>
      <Box sx={{ overflow: 'auto', maxWidth: '92vw', maxHeight: 'calc(92vh - 48px)', px: 1, pb: 1 }}>
        <Box
          component="img"
          src={src}
          alt={text}
          data-zoom={actual ? 'actual' : 'fit'}
          onClick={() => setActual((a) => !a)}
          sx={{
            display: 'block',
            cursor: actual ? 'zoom-out' : 'zoom-in',
            ...(actual
              ? { maxWidth: 'none', maxHeight: 'none' }
              : { maxWidth: 'calc(92vw - 16px)', maxHeight: 'calc(92vh - 56px)', objectFit: 'contain' }),
          }}
        />
      </Box>
    </Dialog>
  );
}

/**
 * A proof image: a thumbnail that opens the zoom view, with alternative text, and a translated
 * message in its place when the image cannot be loaded (expired or missing file).
 */
export function ProofImage({ src, alt = 'engine.image.alt', height = 28, width, ...rest }: ProofImageProps) {
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
      <ButtonBase
        onClick={show}
        aria-label={translate('engine.image.open')}
        sx={{
          borderRadius: 1,
          // a large image (the show page): the button holds the width, so the image never grows past it
          maxWidth: width ? `min(${width}px, 100%)` : undefined,
        }}
      >
        <Box
          component="img"
          src={src}
          alt={text}
          loading="lazy"
          data-testid={rest['data-testid'] ?? 'proof-image'}
          onError={() => setFailed(src)}
          sx={{
            maxHeight: height,
            maxWidth: width ? '100%' : height * 2,
            objectFit: 'contain',
            verticalAlign: 'middle',
            borderRadius: 1,
          }}
        />
      </ButtonBase>
      {open && <ZoomDialog src={src} text={text} onClose={() => setOpen(false)} />}
    </>
  );
}
