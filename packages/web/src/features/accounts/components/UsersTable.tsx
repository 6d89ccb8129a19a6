import EditIcon from '@mui/icons-material/Edit';
import SearchIcon from '@mui/icons-material/Search';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Alert from '@mui/material/Alert';
import type { GridColDef, GridPaginationModel, GridSortModel } from '@mui/x-data-grid';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/use-format.ts';
import { describeError } from '../../../lib/api-error.ts';
import { SORTABLE_USER_FIELDS, useUsers, type ManagedUser, type UserSortField } from '../api/users.ts';
import { ServerDataGrid } from '../../../components/ServerDataGrid.tsx';
import { UserFlags } from './UserFlags.tsx';

const PAGE_SIZES = [10, 25, 50, 100];
const isSortable = (field: string): field is UserSortField => (SORTABLE_USER_FIELDS as readonly string[]).includes(field);

/** The end users: paged, sorted and searched by the server. */
/** Lower-priority columns give way first on narrow windows. */
const SHOW_FROM = { firstName: 'md', lastName: 'md', email: 'lg', organisation: 'lg', roles: 'sm', status: 'md', createdAt: 'xl' } as const;

export function UsersTable({ onEdit }: { onEdit: (user: ManagedUser) => void }) {
  const { t } = useTranslation('accounts');
  const format = useFormat();
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: 25 });
  const [sortModel, setSortModel] = useState<GridSortModel>([{ field: 'username', sort: 'asc' }]);
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search.trim());
  const sort = sortModel[0];
  const users = useUsers({
    page: pagination.page,
    pageSize: pagination.pageSize,
    sort: sort && isSortable(sort.field) ? sort.field : 'username',
    order: sort?.sort === 'desc' ? 'desc' : 'asc',
    search: deferredSearch,
  });

  const columns = useMemo<GridColDef<ManagedUser>[]>(() => [
    // The action comes right after the name, so it is on screen at any width.
    { field: 'username', headerName: t('fields.username'), flex: 1, minWidth: 130 },
    {
      field: 'actions', headerName: t('users.actions'), width: 80, sortable: false, filterable: false,
      renderCell: ({ row }) => (
        <IconButton aria-label={t('users.edit', { username: row.username })} onClick={() => onEdit(row)} size="small"><EditIcon fontSize="small" /></IconButton>
      ),
    },
    { field: 'firstName', headerName: t('fields.firstName'), flex: 1, minWidth: 110 },
    { field: 'lastName', headerName: t('fields.lastName'), flex: 1, minWidth: 110 },
    { field: 'email', headerName: t('fields.email'), flex: 1.5, minWidth: 180 },
    { field: 'organisation', headerName: t('fields.organisation'), width: 120 },
    {
      field: 'roles', headerName: t('fields.roles'), flex: 1, minWidth: 150, sortable: false,
      renderCell: ({ row }) => (row.roles.length
        ? <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%' }}>{row.roles.map((r) => <Chip key={r} size="small" label={t(`shell:roles.${r}`)} />)}</Stack>
        : t('users.noRole')),
    },
    { field: 'status', headerName: t('fields.status'), width: 190, sortable: false, renderCell: ({ row }) => <Stack sx={{ justifyContent: 'center', height: '100%' }}><UserFlags user={row} /></Stack> },
    { field: 'createdAt', headerName: t('fields.createdAt'), width: 130, valueFormatter: (value: string) => format.date(value) },
  ], [t, format, onEdit]);

  return (
    <Stack spacing={2}>
      <TextField
        type="search"
        label={t('users.search')}
        value={search}
        onChange={(e) => { setSearch(e.target.value); setPagination((p) => ({ ...p, page: 0 })); }}
        sx={{ maxWidth: 420 }}
        slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon /></InputAdornment> } }}
      />
      {users.isError && <Alert severity="error">{t(`messages:${describeError(users.error).code}`)}</Alert>}
      <ServerDataGrid
        label={t('users.title')}
        language={format.language}
        rows={users.data?.items ?? []}
        total={users.data?.total ?? 0}
        columns={columns}
        loading={users.isFetching}
        pagination={pagination}
        onPaginationChange={setPagination}
        pageSizeOptions={PAGE_SIZES}
        sortModel={sortModel}
        onSortChange={(model) => { setSortModel(model); setPagination((p) => ({ ...p, page: 0 })); }}
        showFrom={SHOW_FROM}
      />
    </Stack>
  );
}
