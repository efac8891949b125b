import { lazy, Suspense, useState } from 'react';
import { useLogout, useTranslate } from 'ra-core';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import SettingsIcon from '@mui/icons-material/Settings';
import KeyIcon from '@mui/icons-material/Key';
import PhonelinkLockIcon from '@mui/icons-material/PhonelinkLock';
import LogoutIcon from '@mui/icons-material/Logout';
import { tabsStore } from '../state/tabs';
import { LogoutConfirm } from './LogoutConfirm';
import { LiveAlertsItem } from '../live/LiveAlertsItem';

// The account dialogs load on first use (not part of the shell's first script).
const ChangePasswordDialog = lazy(() =>
  import('../account/ChangePasswordDialog').then((m) => ({ default: m.ChangePasswordDialog })),
);
const MfaDialog = lazy(() => import('../account/MfaDialog').then((m) => ({ default: m.MfaDialog })));

type Open = 'password' | 'mfa' | 'logout' | null;

/**
 * The settings gear: change password, add/modify authenticator, the new-request alerts switch, log out (with
 * confirmation).
 * A dialog that closes with success (password changed, authenticator changed) signs the user out:
 * the server has revoked the session anyway.
 */
export function UserMenu() {
  const translate = useTranslate();
  const logout = useLogout();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [open, setOpen] = useState<Open>(null);
  // Mounted once opened, so a dialog's closing animation can finish.
  const [loaded, setLoaded] = useState<{ password?: boolean; mfa?: boolean }>({});

  const choose = (what: Exclude<Open, null>) => {
    setAnchor(null);
    setOpen(what);
    if (what !== 'logout') setLoaded((l) => ({ ...l, [what]: true }));
  };
  const signOut = () => {
    setOpen(null);
    tabsStore.reset();
    void logout();
  };
  const dialogClosed = (success: boolean) => {
    setOpen(null);
    if (success) signOut();
  };

  return (
    <>
      <Tooltip title={translate('shell.appBar.settings')}>
        <IconButton
          color="inherit"
          data-testid="user-menu"
          aria-label={translate('shell.appBar.settings')}
          aria-haspopup="menu"
          aria-expanded={!!anchor}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <SettingsIcon />
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={!!anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <MenuItem data-testid="menu-change-password" onClick={() => choose('password')}>
          <ListItemIcon>
            <KeyIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate('shell.userMenu.changePassword')}</ListItemText>
        </MenuItem>
        <MenuItem data-testid="menu-mfa" onClick={() => choose('mfa')}>
          <ListItemIcon>
            <PhonelinkLockIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate('shell.userMenu.mfa')}</ListItemText>
        </MenuItem>
        <LiveAlertsItem />
        <MenuItem data-testid="menu-logout" onClick={() => choose('logout')}>
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate('shell.userMenu.logout')}</ListItemText>
        </MenuItem>
      </Menu>
      <LogoutConfirm open={open === 'logout'} onCancel={() => setOpen(null)} onConfirm={signOut} />
      <Suspense fallback={null}>
        {loaded.password && <ChangePasswordDialog open={open === 'password'} onClose={dialogClosed} />}
        {loaded.mfa && <MfaDialog open={open === 'mfa'} onClose={dialogClosed} />}
      </Suspense>
    </>
  );
}
