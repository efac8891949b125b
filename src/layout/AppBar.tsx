import { useGetIdentity, useTranslate } from 'ra-core';
import MuiAppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import { initials } from './appInfo';
import { LocaleSwitch } from './LocaleSwitch';
import { UserMenu } from './UserMenu';

export interface AppBarProps {
  appName: string;
  logo?: string;
  mobile: boolean;
  onToggleMenu: () => void;
}

/** The top bar: menu toggle, logo (or the app name's initials), welcome line, language switch, settings gear. */
export function AppBar({ appName, logo, mobile, onToggleMenu }: AppBarProps) {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  return (
    <MuiAppBar position="static" elevation={0}>
      <Toolbar variant="dense" sx={{ gap: 1, px: { xs: 1.5, sm: 2 } }}>
        <IconButton
          color="inherit"
          edge="start"
          data-testid="menu-toggle"
          aria-label={translate('shell.appBar.toggleMenu')}
          onClick={onToggleMenu}
        >
          <MenuIcon />
        </IconButton>
        {logo ? (
          <Box
            component="img"
            src={logo}
            alt={appName}
            data-testid="app-logo"
            sx={{ height: 28, maxWidth: 120, objectFit: 'contain' }}
          />
        ) : (
          <Avatar
            data-testid="app-logo"
            variant="rounded"
            sx={{ width: 30, height: 30, fontSize: 15, bgcolor: 'secondary.main' }}
          >
            {initials(appName)}
          </Avatar>
        )}
        <Typography
          variant="h6"
          component="div"
          noWrap
          sx={{ fontSize: 17, fontWeight: 600, display: mobile ? 'none' : 'block' }}
        >
          {appName}
        </Typography>
        <Box sx={{ flex: 1 }} />
        {identity?.fullName && (
          <Typography data-testid="welcome" variant="body2" noWrap sx={{ opacity: 0.9, minWidth: 0 }}>
            {translate('shell.appBar.welcome', { name: identity.fullName })}
          </Typography>
        )}
        <LocaleSwitch compact={mobile} />
        <UserMenu />
      </Toolbar>
    </MuiAppBar>
  );
}
