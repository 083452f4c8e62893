import { createTheme } from '@mui/material/styles';

/** System fonts only: the app runs air-gapped and the CSP allows no outside resources. */
const systemFontStack = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  '"Noto Sans"',
  'sans-serif',
  '"Apple Color Emoji"',
  '"Segoe UI Emoji"',
].join(',');

export const SIDEBAR_WIDTH = 256;
export const SIDEBAR_COLLAPSED_WIDTH = 64;

export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#1f4e8c', dark: '#0f2a4a', light: '#4f7fbf', contrastText: '#ffffff' },
    secondary: { main: '#0e7c66' },
    background: { default: '#f5f7fa', paper: '#ffffff' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: systemFontStack,
    button: { textTransform: 'none', fontWeight: 600 },
    h1: { fontWeight: 700 },
    h2: { fontWeight: 700 },
    h3: { fontWeight: 700 },
    h4: { fontWeight: 700 },
    h5: { fontWeight: 600 },
    h6: { fontWeight: 600 },
  },
  components: {
    MuiTooltip: {
      // Spec §9: open delay 700 ms; enterNextDelay approximates the 300 ms skip delay.
      defaultProps: { enterDelay: 700, enterNextDelay: 300 },
    },
    MuiButton: {
      defaultProps: { disableElevation: true },
    },
    MuiCard: {
      defaultProps: { variant: 'outlined' },
    },
    MuiTextField: {
      defaultProps: { fullWidth: true },
    },
  },
});
