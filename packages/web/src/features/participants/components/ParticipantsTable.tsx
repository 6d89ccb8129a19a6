import DownloadIcon from '@mui/icons-material/Download';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { GridColDef, GridPaginationModel, GridSortModel } from '@mui/x-data-grid';
import { PARTICIPANT_SORTS, type ParticipantListRow, type ParticipantSort } from '@geria/domain/rules/participants-record.ts';
import { RECRUITMENT_STATUS } from '@geria/domain';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useFormat } from '../../../i18n/use-format.ts';
import { downloadParticipantsCsv, useParticipants } from '../api/participants.ts';
import { ServerDataGrid } from '../../../components/ServerDataGrid.tsx';
import { InactivityChip } from '../../../components/InactivityChip.tsx';
import { useSectionNotices } from './notices.ts';
import { useNotify } from '../../../components/notify/notify-context.ts';
import { recruitmentKey } from './recruitment-label.ts';

const PAGE_SIZES = [10, 25, 50, 100];
/** Grid columns named as the list row, sorted by the server under the list's sort names. */
const SORT_OF: Record<string, ParticipantSort> = {
  id: 'id', createdBy: 'createdBy', fullName: 'fullName', last_updated: 'lastUpdated', recruitment: 'recruitment', lastDeviceUse: 'inactivityPeriod',
};
const STATUS_CODES = Object.values(RECRUITMENT_STATUS);
/** Lower-priority columns give way first on narrow windows; id, name and inactivity always stay. */
const SHOW_FROM = {
  recruitment: 'sm', last_updated: 'md', createdBy: 'lg', smart4HealthID: 'lg', sesaramID: 'lg', holobalanceID: 'lg',
} as const;

/** The organisation's participants: paged, sorted, searched and filtered by the server; CSV of the current view. */
export function ParticipantsTable({ organisation }: { organisation: string }) {
  const { t } = useTranslation('participants');
  const format = useFormat();
  const notices = useSectionNotices('patient');
  const notify = useNotify();
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: 25 });
  const [sortModel, setSortModel] = useState<GridSortModel>([{ field: 'last_updated', sort: 'desc' }]);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<number | null>(null);
  const deferredSearch = useDeferredValue(search.trim());
  const sortField = sortModel[0] && SORT_OF[sortModel[0].field];
  const view = {
    sort: sortField && (PARTICIPANT_SORTS as readonly string[]).includes(sortField) ? sortField : 'lastUpdated' as ParticipantSort,
    order: sortModel[0]?.sort === 'asc' ? 'asc' as const : 'desc' as const,
    search: deferredSearch, status,
  };
  const list = useParticipants(organisation, { ...view, page: pagination.page, pageSize: pagination.pageSize });
  const [exporting, setExporting] = useState(false);

  // Product names head the external-id columns (short in every language); the full name is the tooltip.
  const externalId = (field: 'smart4HealthID' | 'sesaramID' | 'holobalanceID', product: string): GridColDef<ParticipantListRow> =>
    ({ field, headerName: product, description: t(`list.${field}`), flex: 0.7, minWidth: 110, sortable: false });
  const columns = useMemo<GridColDef<ParticipantListRow>[]>(() => [
    {
      field: 'id', headerName: t('list.id'), width: 100,
      renderCell: ({ row }) => <Link component={RouterLink} to={`/patient/${row.id}`} sx={{ fontFamily: 'monospace' }} aria-label={t('list.open', { name: row.fullName })}>{row.id.slice(0, 8)}</Link>,
    },
    { field: 'fullName', headerName: t('list.fullName'), flex: 1.2, minWidth: 120 },
    { field: 'recruitment', headerName: t('list.recruitment'), width: 150, valueFormatter: (value: number) => t(recruitmentKey(value)) },
    {
      field: 'lastDeviceUse', headerName: t('list.inactivity'), width: 130,
      renderCell: ({ row }) => <Stack sx={{ justifyContent: 'center', height: '100%' }}><InactivityChip lastUse={row.lastDeviceUse} /></Stack>,
    },
    { field: 'last_updated', headerName: t('list.lastUpdated'), width: 160, valueFormatter: (value: string) => format.dateTime(value) },
    { field: 'createdBy', headerName: t('list.createdBy'), flex: 0.7, minWidth: 110 },
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
      <ServerDataGrid
        label={t('list.title')}
        language={format.language}
        rows={list.data?.items ?? []}
        total={list.data?.total ?? 0}
        columns={columns}
        loading={list.isFetching}
        pagination={pagination}
        onPaginationChange={setPagination}
        pageSizeOptions={PAGE_SIZES}
        sortModel={sortModel}
        onSortChange={(model) => { setSortModel(model); resetPage(); }}
        emptyMessage={t('list.empty')}
        showFrom={SHOW_FROM}
      />
    </Stack>
  );
}
