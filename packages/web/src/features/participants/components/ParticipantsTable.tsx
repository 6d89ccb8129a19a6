import DownloadIcon from '@mui/icons-material/Download';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ParticipantListRow } from '@geria/domain/rules/participants-record.ts';
import { PARTICIPANT_SORTS, type ParticipantSort } from '@geria/domain/rules/participants-record-lists.ts';
import { RECRUITMENT_STATUS } from '@geria/domain';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useFormat } from '../../../i18n/use-format.ts';
import { downloadParticipantsCsv, useParticipants } from '../api/participants.ts';
import { ServerTable, type ServerPage, type ServerSort, type ServerTableColumn } from '../../../components/ServerTable.tsx';
import { InactivityChip } from '../../../components/InactivityChip.tsx';
import { useSectionNotices } from './notices.ts';
import { useNotify } from '../../../components/notify/notify-context.ts';
import { recruitmentKey } from './recruitment-label.ts';

const PAGE_SIZES = [10, 25, 50, 100];
const NO_ROWS: ParticipantListRow[] = [];
/** Columns named as the list row, sorted by the server under the list's sort names. */
const SORT_OF: Record<string, ParticipantSort> = {
  id: 'id', createdBy: 'createdBy', fullName: 'fullName', last_updated: 'lastUpdated', recruitment: 'recruitment', lastDeviceUse: 'inactivityPeriod',
};
const STATUS_CODES = Object.values(RECRUITMENT_STATUS);
/**
 * Lower-priority columns give way first on narrow windows; id, name and inactivity always stay. The
 * creator and the external ids wait for a wide window (1 536 px): from 1 200 px, the nine columns were
 * wider than the list and HoloBalance was out of sight until scrolled (the search finds external ids).
 */
const SHOW_FROM = {
  recruitment: 'sm', last_updated: 'md', createdBy: 'xl', smart4HealthID: 'xl', sesaramID: 'xl', holobalanceID: 'xl',
} as const;

/** The organisation's participants: paged, sorted, searched and filtered by the server; CSV of the current view. */
export function ParticipantsTable({ organisation }: { organisation: string }) {
  const { t } = useTranslation('participants');
  const format = useFormat();
  const notices = useSectionNotices('patient');
  const notify = useNotify();
  const [pagination, setPagination] = useState<ServerPage>({ page: 0, pageSize: 25 });
  const [sortModel, setSortModel] = useState<ServerSort | null>({ field: 'last_updated', sort: 'desc' });
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<number | null>(null);
  const deferredSearch = useDeferredValue(search.trim());
  const sortField = sortModel && SORT_OF[sortModel.field];
  const view = {
    sort: sortField && (PARTICIPANT_SORTS as readonly string[]).includes(sortField) ? sortField : 'lastUpdated' as ParticipantSort,
    order: sortModel?.sort === 'asc' ? 'asc' as const : 'desc' as const,
    search: deferredSearch, status,
  };
  const list = useParticipants(organisation, { ...view, page: pagination.page, pageSize: pagination.pageSize });
  const [exporting, setExporting] = useState(false);

  // Product names head the external-id columns (short in every language); the full name is the tooltip.
  const externalId = (field: 'smart4HealthID' | 'sesaramID' | 'holobalanceID', product: string): ServerTableColumn<ParticipantListRow> =>
    ({ field, headerName: product, description: t(`list.${field}`), minWidth: 110, sortable: false, cell: (row) => row[field] });
  const columns = useMemo<ServerTableColumn<ParticipantListRow>[]>(() => [
    {
      field: 'id', headerName: t('list.id'), width: 100,
      cell: (row) => <Link component={RouterLink} to={`/patient/${row.id}`} sx={{ fontFamily: 'monospace' }} aria-label={t('list.open', { name: row.fullName })}>{row.id.slice(0, 8)}</Link>,
    },
    { field: 'fullName', headerName: t('list.fullName'), minWidth: 96, cell: (row) => row.fullName },
    { field: 'recruitment', headerName: t('list.recruitment'), width: 150, cell: (row) => t(recruitmentKey(row.recruitment)) },
    { field: 'lastDeviceUse', headerName: t('list.inactivity'), width: 130, cell: (row) => <InactivityChip lastUse={row.lastDeviceUse} /> },
    { field: 'last_updated', headerName: t('list.lastUpdated'), width: 160, cell: (row) => format.dateTime(row.last_updated) },
    { field: 'createdBy', headerName: t('list.createdBy'), minWidth: 110, cell: (row) => row.createdBy },
    externalId('smart4HealthID', 'Smart4Health'),
    externalId('sesaramID', 'SESARAM'),
    externalId('holobalanceID', 'HoloBalance'),
  ], [t, format]);

  async function exportCsv() {
    setExporting(true);
    try {
      await downloadParticipantsCsv(organisation, view);
    } catch {
      notify.error(notices.loadFailed());
    } finally {
      setExporting(false);
    }
  }

  const resetPage = () => setPagination((p) => ({ ...p, page: 0 }));
  const changeSort = useCallback((sort: ServerSort | null) => { setSortModel(sort); setPagination((p) => ({ ...p, page: 0 })); }, []);
  // A page's rows render as a non-urgent update (lib/deferred-data.ts), in slices; the table is
  // memoised, so the screen's urgent pass on their arrival stops before it.
  const shown = useDeferredValue(list.data);
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
        <TextField
          type="search" label={t('list.search')} value={search} sx={{ minWidth: 320 }}
          onChange={(e) => { setSearch(e.target.value); resetPage(); }}
          slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon /></InputAdornment> } }}
        />
        <TextField
          select label={t('list.statusFilter')} value={status ?? ''} sx={{ minWidth: 200 }}
          onChange={(e) => { setStatus(e.target.value === '' ? null : Number(e.target.value)); resetPage(); }}
        >
          <MenuItem value="">{t('list.allStatuses')}</MenuItem>
          {STATUS_CODES.map((code) => <MenuItem key={code} value={code}>{t(recruitmentKey(code))}</MenuItem>)}
        </TextField>
        <Button startIcon={<DownloadIcon />} onClick={exportCsv} disabled={exporting} sx={{ ml: { md: 'auto' } }}>{t('list.export')}</Button>
      </Stack>
      {list.isError && <Alert severity="error">{t(`messages:${notices.loadFailed()}`)}</Alert>}
      <ServerTable
        label={t('list.title')}
        language={format.language}
        rows={shown?.items ?? NO_ROWS}
        total={shown?.total ?? 0}
        columns={columns}
        loading={list.isFetching || shown !== list.data}
        pagination={pagination}
        onPaginationChange={setPagination}
        pageSizeOptions={PAGE_SIZES}
        sort={sortModel}
        onSortChange={changeSort}
        emptyMessage={t('list.empty')}
        showFrom={SHOW_FROM}
      />
    </Stack>
  );
}
