export { roRO as default } from '@mui/material/locale';
