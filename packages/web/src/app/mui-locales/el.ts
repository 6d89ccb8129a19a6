export { elGR as default } from '@mui/material/locale';
