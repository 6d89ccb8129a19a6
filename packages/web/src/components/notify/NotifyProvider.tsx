import { PERSISTENT_ALERT_MS, SNACKBAR_MS } from '@geria/domain';
import Alert from '@mui/material/Alert';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGES_NS } from '../../i18n/backend.ts';
import { NotifyContext, type Notify, type NoticeParams } from './notify-context.ts';

interface Notice {
  id: number;
  key: string;
  params?: NoticeParams;
  severity: 'success' | 'error';
}

let nextId = 0;

/** Holds the transient message bar and the persistent alert bar; a new message replaces the shown one. */
export function NotifyProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation(MESSAGES_NS);
  const [transient, setTransient] = useState<Notice | null>(null);
  const [persistent, setPersistent] = useState<Notice | null>(null);

  const notify = useMemo<Notify>(() => ({
    success: (key, params) => setTransient({ id: ++nextId, key, params, severity: 'success' }),
    error: (key, params) => setTransient({ id: ++nextId, key, params, severity: 'error' }),
    alert: (key, params) => setPersistent({ id: ++nextId, key, params, severity: 'error' }),
  }), []);

  // A click elsewhere on the page must not dismiss a message the user has not read.
  const closer = (clear: () => void) => (_event: unknown, reason?: SnackbarCloseReason) => {
    if (reason !== 'clickaway') clear();
  };
  const text = (notice: Notice) => t(notice.key, { ...notice.params });

  return (
    <NotifyContext value={notify}>
      {children}
      <Snackbar
        key={transient ? `t${transient.id}` : 'transient'}
        open={transient !== null}
        autoHideDuration={SNACKBAR_MS}
        onClose={closer(() => setTransient(null))}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert severity={transient?.severity ?? 'success'} variant="filled" role="status" sx={{ width: '100%' }}>
          {transient && text(transient)}
        </Alert>
      </Snackbar>
      <Snackbar
        key={persistent ? `p${persistent.id}` : 'persistent'}
        open={persistent !== null}
        autoHideDuration={PERSISTENT_ALERT_MS}
        onClose={closer(() => setPersistent(null))}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
        sx={{ top: { xs: 64, sm: 72 } }}
      >
        <Alert
          severity={persistent?.severity ?? 'error'}
          variant="filled"
          onClose={() => setPersistent(null)}
          closeText={t('shell:notify.close')}
          sx={{ width: '100%' }}
        >
          {persistent && text(persistent)}
        </Alert>
      </Snackbar>
    </NotifyContext>
  );
}
