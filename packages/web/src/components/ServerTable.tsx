import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Tooltip from '@mui/material/Tooltip';
import { alpha, darken, lighten, useTheme, type SxProps, type Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Language } from '@geria/domain';
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from './EmptyState.tsx';
import { TableScroller } from './TableScroller.tsx';

export interface ServerTableColumn<Row> {
  field: string;
  headerName: string;
  /** The header's tooltip (e.g. the full name behind a short header). */
  description?: string;
  /** Sorted by the server when its header is clicked (default true). */
  sortable?: boolean;
  width?: number;
  minWidth?: number;
  cell: (row: Row) => ReactNode;
}

export interface ServerSort { field: string; sort: 'asc' | 'desc' }
export interface ServerPage { page: number; pageSize: number }

export interface ServerTableProps<Row extends { id: string }> {
  label: string;
  language: Language;
  rows: readonly Row[];
  total: number;
  columns: readonly ServerTableColumn<Row>[];
  loading: boolean;
  pagination: ServerPage;
  onPaginationChange: (model: ServerPage) => void;
  /** The current sort; none means the list's own order. */
  sort: ServerSort | null;
  /** A header click: ascending, then descending, then the list's own order (none). */
  onSortChange: (sort: ServerSort | null) => void;
  pageSizeOptions: number[];
  emptyMessage: string;
  /** Columns shown only from a window width up (MUI breakpoints), so key columns stay on narrow screens. */
  showFrom?: Partial<Record<string, 'sm' | 'md' | 'lg' | 'xl'>>;
}

/** Every row's height: a page being loaded reserves its rows' room, so nothing moves when they arrive. */
const ROW_HEIGHT_PX = 53;

/**
 * The rows' cells are plain `tr`/`td` styled once here as MUI's body cells, not a TableRow and a
 * TableCell each: every styled cell cost the emotion runtime a style resolution per render, and a
 * page of 25 rows × 9 columns was the largest part of the list's blocking time on a phone.
 * On a phone, cells keep half the padding and a one-word header longer than its column (Greek
 * "Ονοματεπώνυμο") wraps inside the word, hyphenated where the browser knows the language's
 * syllables: unbroken, it pushed the key columns off a 390 px screen.
 */
const BODY_STYLE: SxProps<Theme> = (theme) => ({
  '& th, & td': { px: { xs: 1, sm: 2 } },
  '& th': { overflowWrap: { xs: 'anywhere', sm: 'normal' }, hyphens: 'auto' },
  '& tbody > tr': { height: ROW_HEIGHT_PX, '&:hover': { backgroundColor: theme.palette.action.hover } },
  '& tbody > tr > td': {
    ...theme.typography.body2, color: theme.palette.text.primary, py: 0.5, textAlign: 'left', verticalAlign: 'inherit',
    borderBottom: `1px solid ${theme.palette.mode === 'light' ? lighten(alpha(theme.palette.divider, 1), 0.88) : darken(alpha(theme.palette.divider, 1), 0.68)}`,
  },
});

function useVisible(showFrom: ServerTableProps<{ id: string }>['showFrom'] = {}) {
  const theme = useTheme();
  const wide = {
    sm: useMediaQuery(theme.breakpoints.up('sm'), { noSsr: true }), md: useMediaQuery(theme.breakpoints.up('md'), { noSsr: true }),
    lg: useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true }), xl: useMediaQuery(theme.breakpoints.up('xl'), { noSsr: true }),
  };
  return (field: string) => { const from = showFrom[field]; return !from || wide[from]; };
}

/**
 * A table whose paging and sorting the server does (lists never come whole to the browser, DESIGN
 * principle 5). Plain MUI table elements: for a page of links and short texts the data grid cost a
 * phone's CPU several times as much to render (and 130 kB of script) for features a list of
 * participants does not use (column resizing, virtualisation, cell focus). Memoised: a screen that
 * re-renders with the same page does not render the rows again.
 */
function ServerTableOf<Row extends { id: string }>(props: ServerTableProps<Row>) {
  const { t } = useTranslation('shell');
  const visible = useVisible(props.showFrom);
  const columns = props.columns.filter((c) => visible(c.field));
  const { page, pageSize } = props.pagination;
  const number = (n: number) => n.toLocaleString(props.language);
  const sortBy = (field: string) => {
    const current = props.sort?.field === field ? props.sort.sort : null;
    props.onSortChange(current === null ? { field, sort: 'asc' } : current === 'asc' ? { field, sort: 'desc' } : null);
  };
  return (
    <Paper variant="outlined">
      <Box sx={{ height: 4 }}>{props.loading && <LinearProgress aria-label={t('app.loading')} />}</Box>
      <TableScroller label={props.label}>
        <Table aria-label={props.label} aria-busy={props.loading} sx={BODY_STYLE}>
          <TableHead>
            <TableRow>
              {columns.map((c) => {
                const direction = props.sort?.field === c.field ? props.sort.sort : undefined;
                const header = c.sortable === false ? c.headerName : (
                  <TableSortLabel active={!!direction} direction={direction ?? 'asc'} onClick={() => sortBy(c.field)}>{c.headerName}</TableSortLabel>
                );
                return (
                  <TableCell key={c.field} sortDirection={direction ?? false} sx={{ width: c.width, minWidth: c.minWidth ?? c.width, fontWeight: 600 }}>
                    {c.description ? <Tooltip title={c.description}><span>{header}</span></Tooltip> : header}
                  </TableCell>
                );
              })}
            </TableRow>
          </TableHead>
          <TableBody>
            {props.rows.length > 0 ? props.rows.map((row) => (
              <tr key={row.id}>{columns.map((c) => <td key={c.field}>{c.cell(row)}</td>)}</tr>
            )) : (
              <TableRow style={{ height: props.loading ? pageSize * ROW_HEIGHT_PX : undefined }}>
                <TableCell colSpan={columns.length} sx={{ verticalAlign: 'top' }}>{!props.loading && <EmptyState message={props.emptyMessage} />}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableScroller>
      <TablePagination
        component="div"
        count={props.total}
        page={props.total === 0 ? 0 : page}
        rowsPerPage={pageSize}
        rowsPerPageOptions={props.pageSizeOptions}
        onPageChange={(_, next) => props.onPaginationChange({ page: next, pageSize })}
        onRowsPerPageChange={(e) => props.onPaginationChange({ page: 0, pageSize: Number(e.target.value) })}
        labelDisplayedRows={({ from, to, count }) => t('grid.displayedRows', { from: number(from), to: number(to), total: number(count) })}
      />
    </Paper>
  );
}

export const ServerTable = memo(ServerTableOf) as typeof ServerTableOf;
