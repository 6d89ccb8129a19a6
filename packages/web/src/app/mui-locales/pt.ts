export { ptPT as default } from '@mui/material/locale';
