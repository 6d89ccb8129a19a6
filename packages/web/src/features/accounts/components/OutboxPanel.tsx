import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredProgress } from '../../../components/CenteredProgress.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { useFormat } from '../../../i18n/use-format.ts';
import { describeError } from '../../../lib/api-error.ts';
import { useOutbox } from '../api/users.ts';

/** A message body with its links clickable (the e-mails carry the validation and reset links). */
function MessageText({ text }: { text: string }) {
  return (
    <Typography component="div" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {text.split(/(https?:\/\/\S+)/).map((part, i) => (/^https?:\/\//.test(part) ? <Link key={i} href={part}>{part}</Link> : part))}
    </Typography>
  );
}

/** The e-mail kept in the outbox when no SMTP server is configured (SysAdmin), newest first. */
export function OutboxPanel() {
  const { t } = useTranslation('accounts');
  const format = useFormat();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(10);
  const outbox = useOutbox(page, pageSize, true);

  if (outbox.isPending) return <CenteredProgress label={t('shell:app.loading')} />;
  if (outbox.isError) return <Alert severity="error">{t(`messages:${describeError(outbox.error).code}`)}</Alert>;
  if (outbox.data.transport === 'smtp') return <Alert severity="info">{t('outbox.smtp')}</Alert>;
  if (outbox.data.total === 0) return <EmptyState message={t('outbox.empty')} />;

  return (
    <Stack spacing={1}>
      <Typography color="text.secondary">{t('outbox.intro')}</Typography>
      <div>
        {outbox.data.items.map((mail) => (
          <Accordion key={mail.id} disableGutters>
            <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`mail-${mail.id}`} id={`mail-${mail.id}-header`}>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }} sx={{ width: '100%' }}>
                <Typography sx={{ fontWeight: 600, flex: 1 }}>{mail.subject}</Typography>
                <Typography color="text.secondary">{mail.to}</Typography>
                <Typography color="text.secondary">{format.dateTime(mail.createdAt)}</Typography>
              </Stack>
            </AccordionSummary>
            <AccordionDetails id={`mail-${mail.id}`}>
              <MessageText text={mail.text} />
            </AccordionDetails>
          </Accordion>
        ))}
      </div>
      <TablePagination
        component="div"
        count={outbox.data.total}
        page={page}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[10, 25, 50]}
        onPageChange={(_e, next) => setPage(next)}
        onRowsPerPageChange={(e) => { setPageSize(Number(e.target.value)); setPage(0); }}
        labelRowsPerPage={t('outbox.perPage')}
      />
    </Stack>
  );
}
