import type { ThemeOptions } from '@mui/material/styles';

/** The console's MUI theme options (used by the login page and by <Admin>). */
export const themeOptions: ThemeOptions = {
  palette: {
    mode: 'light',
    primary: { main: '#1f3a5f' },
    secondary: { main: '#2e7d8c' },
    background: { default: '#f4f6f9' },
    // Darker than MUI's (#ed6c02, #0288d1: 3.1 and 3.9 to 1 on white): an outlined chip's or a text's colour reads
    // at 4.5 to 1 or more on white and on a hovered row (WCAG 1.4.3).
    warning: { main: '#a84f00' },
    info: { main: '#0369a1' },
  },
  shape: { borderRadius: 6 },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        // A keyboard focus everyone sees on every control (MUI's own is a faint ripple on a button), WCAG 2.4.7: an
        // outline in the primary colour, white on the top bar's; text fields keep theirs (the field's border).
        'body :focus-visible': { outline: '2px solid #1f3a5f', outlineOffset: 2 },
        'body .MuiAppBar-root :focus-visible': { outlineColor: '#fff' },
        'body input:focus-visible, body textarea:focus-visible, body .MuiInputBase-root [role=combobox]:focus-visible':
          { outline: 'none' },
        // what is focused without being in the tab order: a dialog, drawer or menu taking the focus as it opens
        // (their content shows where the focus is), a menu's items (their own focus background)
        'body [tabindex="-1"]:focus-visible': { outline: 'none' },
        // a row (opened with Enter) shows it inside its cells, where the table's scrolling does not cut it off
        'body tr:focus-visible': { outlineOffset: -2 },
      },
    },
    // No scrolling region without a control in it (axe scrollable-region-focusable, WCAG 2.1.1): MUI lets the
    // pagination and an alert's message scroll when narrower than their content (a list's one page has its arrows
    // disabled; the pagination was 103 px wide for a few frames after the window narrowed to 375 px). They wrap instead.
    MuiTablePagination: {
      styleOverrides: {
        root: { overflow: 'visible' },
        toolbar: { flexWrap: 'wrap' },
        // MUI's spacer has a 100 % basis, which would take a line of its own once the toolbar wraps
        spacer: { flex: '1 1 0' },
      },
    },
    MuiAlert: { styleOverrides: { message: { overflow: 'visible', overflowWrap: 'anywhere' } } },
  },
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
