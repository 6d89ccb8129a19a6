import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { TableScroller } from '../../../components/TableScroller.tsx';
import { useFormat } from '../../../i18n/use-format.ts';
import type { DatasetExport } from '../api/exports.ts';

const STATE_COLOR = { queued: 'default', running: 'info', done: 'success', failed: 'error', cancelled: 'default' } as const;

interface Props {
  exports: readonly DatasetExport[];
  onCancel: (e: DatasetExport) => void;
  onDownload: (e: DatasetExport) => void;
}

/** Past and running exports: state, a progress bar while it runs, its counts, and cancel or download. */
export function ExportList({ exports, onCancel, onDownload }: Props) {
  const { t } = useTranslation('exports');
  const format = useFormat();
  return (
    <Paper variant="outlined">
      <TableScroller label={t('pastExports')}>
        <Table size="small" aria-label={t('pastExports')}>
          <TableHead>
            <TableRow>
              {(['requested', 'by', 'state', 'progress', 'content', 'actions'] as const).map((c) => <TableCell key={c}>{t(c)}</TableCell>)}
            </TableRow>
          </TableHead>
          <TableBody>
            {exports.map((e) => {
              const when = format.dateTime(e.queuedAt);
              const running = e.state === 'queued' || e.state === 'running';
              return (
                <TableRow key={e.id} data-testid={`export-${e.id}`}>
                  <TableCell>{when}</TableCell>
                  <TableCell>{e.createdBy}</TableCell>
                  <TableCell><Chip size="small" color={STATE_COLOR[e.state]} label={t(`states.${e.state}`)} /></TableCell>
                  <TableCell sx={{ minWidth: 140 }}>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <Box sx={{ flexGrow: 1 }}>
                        <LinearProgress variant="determinate" value={Math.round(e.progress * 100)} aria-label={t('progressOf', { date: when })} />
                      </Box>
                      <Typography variant="body2">{format.percent(e.progress, 0)}</Typography>
                    </Stack>
                  </TableCell>
                  <TableCell>
                    {e.participants !== null && <Typography variant="body2">{t('counts', { participants: e.participants, excluded: e.excluded ?? 0 })}</Typography>}
                    {e.error && <Typography variant="body2" color="error">{e.error.message}</Typography>}
                    {e.state === 'done' && <Typography variant="caption">{e.downloadable && e.expiresAt ? t('expires', { date: format.date(e.expiresAt) }) : t('expired')}</Typography>}
                  </TableCell>
                  <TableCell>
                    {running && <Button size="small" disabled={e.cancelRequested} onClick={() => onCancel(e)}>{t('cancel')}</Button>}
                    {e.downloadable && <Button size="small" variant="outlined" onClick={() => onDownload(e)}>{t('download')}</Button>}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableScroller>
    </Paper>
  );
}
