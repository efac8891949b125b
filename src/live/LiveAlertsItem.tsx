import { useTranslate } from 'ra-core';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import { setLiveAlerts, useLiveAlerts } from './alerts';

/** The settings gear's switch of the new-request alerts (sound and desktop notification), per browser. */
export function LiveAlertsItem() {
  const translate = useTranslate();
  const on = useLiveAlerts();
  return (
    <MenuItem
      data-testid="menu-live-alerts"
      role="menuitemcheckbox"
      aria-checked={on}
      onClick={() => setLiveAlerts(!on)}
    >
      <ListItemIcon>
        <Switch size="small" checked={on} tabIndex={-1} inputProps={{ 'aria-hidden': true }} />
      </ListItemIcon>
      <ListItemText slotProps={{ primary: { sx: { whiteSpace: 'normal', maxWidth: 260 } } }}>
        {translate('live.alertsSwitch')}
      </ListItemText>
    </MenuItem>
  );
}
