import type { ThemeOptions } from '@mui/material/styles';

/** The console's MUI theme options (used by the login page and by <Admin>). */
export const themeOptions: ThemeOptions = {
  palette: {
    mode: 'light',
    primary: { main: '#1f3a5f' },
    secondary: { main: '#2e7d8c' },
    background: { default: '#f4f6f9' },
  },
  shape: { borderRadius: 6 },
  typography: {
    fontFamily: [
      '-apple-system',
      'BlinkMacSystemFont',
      '"Segoe UI"',
      'Roboto',
      '"PingFang SC"',
      '"Hiragino Sans GB"',
      '"Microsoft YaHei"',
      '"WenQuanYi Micro Hei"',
      '"Helvetica Neue"',
      'Arial',
      'sans-serif',
    ].join(','),
  },
};

/** Width of the side menu on desktop, and of the menu drawer on phones (spec section 9). */
export const SIDE_MENU_WIDTH = 240;
export const MENU_DRAWER_WIDTH = 360;
