import { Box, Button, CircularProgress } from '@mui/material';
import SaveIcon from '@mui/icons-material/Save';
import { useTranslate } from 'ra-core';
import type { FormToolbarState } from './EngineForm';

/**
 * The save bar of a page form: one submit button, disabled while saving or uploading, after a submission with
 * problems, and (`needsChange`) while nothing changed.
 */
export function FormToolbar({
  state,
  needsChange = true,
  label = 'ra.action.save',
}: {
  state: FormToolbarState;
  needsChange?: boolean;
  label?: string;
}) {
  const translate = useTranslate();
  const disabled = state.submitting || state.uploading || state.invalid || (needsChange && state.pristine);
  return (
    <Box
      sx={{
        display: 'flex',
        gap: 1,
        py: 1.5,
        mt: 1,
        borderTop: 1,
        borderColor: 'divider',
        position: 'sticky',
        bottom: 0,
        bgcolor: 'background.paper',
        zIndex: 1,
      }}
    >
      <Button
        type="submit"
        variant="contained"
        disabled={disabled}
        startIcon={state.submitting ? <CircularProgress size={16} color="inherit" /> : <SaveIcon />}
        data-testid="form-save"
      >
        {translate(label)}
      </Button>
    </Box>
  );
}
