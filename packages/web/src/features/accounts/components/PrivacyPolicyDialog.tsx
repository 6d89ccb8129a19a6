import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { PRIVACY_POLICY_LAST_UPDATED, PRIVACY_POLICY_MINIMUM_AGE } from '@geria/domain';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/use-format.ts';

const SECTIONS = ['controller', 'data', 'purposes', 'retention', 'rights', 'children'] as const;

/** The privacy policy (SPEC §1: last updated May 2021; children under 13 are not served), to agree or disagree to. */
export function PrivacyPolicyDialog({ open, busy, onAgree, onDisagree }: { open: boolean; busy: boolean; onAgree: () => void; onDisagree: () => void }) {
  const { t } = useTranslation('accounts');
  const format = useFormat();
  const updated = format.date(`${PRIVACY_POLICY_LAST_UPDATED}-01T12:00:00Z`, { month: 'long', year: 'numeric' });
  return (
    <Dialog open={open} onClose={busy ? undefined : onDisagree} scroll="paper" aria-labelledby="privacy-title" aria-describedby="privacy-text" maxWidth="md">
      <DialogTitle id="privacy-title">{t('privacy.title')}</DialogTitle>
      <DialogContent dividers id="privacy-text" tabIndex={0}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{t('privacy.updated', { date: updated })}</Typography>
        {SECTIONS.map((section) => (
          <section key={section}>
            <Typography variant="h6" component="h2" sx={{ mt: 1 }}>{t(`privacy.${section}.title`)}</Typography>
            <Typography sx={{ mb: 1.5 }}>{t(`privacy.${section}.text`, { age: PRIVACY_POLICY_MINIMUM_AGE })}</Typography>
          </section>
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onDisagree} disabled={busy}>{t('privacy.disagree')}</Button>
        <Button onClick={onAgree} variant="contained" disabled={busy}>{busy ? t('registration.submitting') : t('privacy.agree')}</Button>
      </DialogActions>
    </Dialog>
  );
}
