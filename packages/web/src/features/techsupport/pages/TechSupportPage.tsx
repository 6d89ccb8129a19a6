import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { GridColDef, GridPaginationModel } from '@mui/x-data-grid';
import type { InactivityBand } from '@geria/domain';
import type { ParticipantListRow } from '@geria/domain/rules/participants-record.ts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { InactivityChip } from '../../../components/InactivityChip.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ServerDataGrid } from '../../../components/ServerDataGrid.tsx';
import { useFormat } from '../../../i18n/use-format.ts';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import type { ScreenProps } from '../../../lib/screen.ts';
import { useTechSupportList, type DeviceStatus, type TechFilters } from '../api/techsupport.ts';

const DEVICE_STATUSES: DeviceStatus[] = ['active', 'suspended', 'inactive'];
const BANDS: InactivityBand[] = ['green', 'amber', 'red', 'No Info'];
const SHOW_FROM = { lastDeviceUse: 'sm', smart4HealthID: 'lg', sesaramID: 'lg', holobalanceID: 'lg' } as const;

/** `/techsupport`: participants with their devices' last transmission, longest silence first; no clinical data. */
export function TechSupportPage({ route }: ScreenProps) {
  const { t } = useTranslation(['techsupport', 'participants']);
  const format = useFormat();
  const organisation = useAuth().user?.organisation ?? '';
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: 25 });
  const [filters, setFilters] = useState<TechFilters>({ deviceStatus: null, inactivity: null });
  const list = useTechSupportList(organisation, pagination.page, pagination.pageSize, filters);
  const filter = (next: Partial<TechFilters>) => { setFilters((f) => ({ ...f, ...next })); setPagination((p) => ({ ...p, page: 0 })); };

  const columns = useMemo<GridColDef<ParticipantListRow>[]>(() => [
    {
      field: 'id', headerName: t('participants:list.id'), width: 100, sortable: false,
      renderCell: ({ row }) => <Link component={RouterLink} to={`/techsupport/${row.id}`} sx={{ fontFamily: 'monospace' }} aria-label={t('open', { name: row.fullName })}>{row.id.slice(0, 8)}</Link>,
    },
    { field: 'fullName', headerName: t('participants:list.fullName'), flex: 1, minWidth: 140, sortable: false },
    {
      field: 'inactivity', headerName: t('participants:list.inactivity'), width: 160, sortable: false,
      renderCell: ({ row }) => <Stack sx={{ justifyContent: 'center', height: '100%' }}><InactivityChip lastUse={row.lastDeviceUse} /></Stack>,
    },
    { field: 'lastDeviceUse', headerName: t('lastTransmission'), width: 170, sortable: false, valueFormatter: (value: string | null) => (value ? format.dateTime(value) : '—') },
    { field: 'smart4HealthID', headerName: 'Smart4Health', description: t('participants:list.smart4HealthID'), flex: 0.7, minWidth: 110, sortable: false },
    { field: 'sesaramID', headerName: 'SESARAM', description: t('participants:list.sesaramID'), flex: 0.7, minWidth: 110, sortable: false },
    { field: 'holobalanceID', headerName: 'HoloBalance', description: t('participants:list.holobalanceID'), flex: 0.7, minWidth: 110, sortable: false },
  ], [t, format]);

  return (
    <>
      <PageHeader title={t(`shell:${route.title ?? 'routes.TechSupport.Patients'}`)} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField select label={t('deviceStatus')} value={filters.deviceStatus ?? ''} sx={{ minWidth: 220 }}
          onChange={(e) => filter({ deviceStatus: (e.target.value || null) as DeviceStatus | null })}>
          <MenuItem value="">{t('any')}</MenuItem>
          {DEVICE_STATUSES.map((s) => <MenuItem key={s} value={s}>{t(`participants:devices.statuses.${s}`)}</MenuItem>)}
        </TextField>
        <TextField select label={t('participants:list.inactivity')} value={filters.inactivity ?? ''} sx={{ minWidth: 220 }}
          onChange={(e) => filter({ inactivity: (e.target.value || null) as InactivityBand | null })}>
          <MenuItem value="">{t('any')}</MenuItem>
          {BANDS.map((b) => <MenuItem key={b} value={b}>{t(`bands.${b === 'No Info' ? 'none' : b}`)}</MenuItem>)}
        </TextField>
      </Stack>
      <ServerDataGrid
        label={t('listLabel')}
        language={format.language}
        rows={list.data?.items ?? []}
        total={list.data?.total ?? 0}
        columns={columns}
        loading={list.isFetching}
        pagination={pagination}
        onPaginationChange={setPagination}
        pageSizeOptions={[10, 25, 50, 100]}
        sortModel={[]}
        onSortChange={() => undefined}
        emptyMessage={t('empty')}
        showFrom={SHOW_FROM}
      />
    </>
  );
}
