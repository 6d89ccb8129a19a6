import Box from '@mui/material/Box';
import { LanguageMenu } from '../../components/LanguageMenu.tsx';
import { ScreenOutlet } from '../router/ScreenOutlet.tsx';
import { Footer } from './Footer.tsx';
import { MAIN_CONTENT_ID } from './SkipLink.tsx';

/** Layout of the routes without top bar and side menu (Login, Registration, Callback, Logout). */
export function BareLayout() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box component="header" sx={{ display: 'flex', justifyContent: 'flex-end', px: 2, py: 1 }}>
        <LanguageMenu color="primary" />
      </Box>
      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} sx={{ flexGrow: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2, outline: 'none' }}>
        <ScreenOutlet />
      </Box>
      <Footer />
    </Box>
  );
}
