import type { Language } from '@geria/domain';
import { DataGrid, GridLoadingOverlay, type GridColDef, type GridLoadingOverlayProps, type GridSlotProps, type GridPaginationModel, type GridSortModel, type GridValidRowModel } from '@mui/x-data-grid';
import { elGR, enUS, esES, frFR, itIT, ptPT, roRO } from '@mui/x-data-grid/locales';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { EmptyState } from './EmptyState.tsx';

/** The grid's row height (its standard density's), also the height reserved per row while a page loads. */
const ROW_HEIGHT_PX = 52;
const LOCALES = { en: enUS, it: itIT, pt: ptPT, fr: frFR, es: esES, el: elGR, ro: roRO } as const;

interface ServerDataGridProps<Row extends GridValidRowModel> {
  label: string;
  language: Language;
  rows: readonly Row[];
  total: number;
  columns: readonly GridColDef<Row>[];
  loading: boolean;
  pagination: GridPaginationModel;
  onPaginationChange: (model: GridPaginationModel) => void;
  sortModel: GridSortModel;
  /** Called with the new sort; callers usually go back to the first page. */
  onSortChange: (model: GridSortModel) => void;
  pageSizeOptions: number[];
  emptyMessage?: string;
  /** Columns shown only from a window width up (MUI breakpoints), so key columns stay on narrow screens. */
  showFrom?: Partial<Record<string, 'sm' | 'md' | 'lg' | 'xl'>>;
}

/**
 * The grid's own loading overlay, hidden from assistive technology: a progress bar is no child a
 * grid may have (axe's aria-required-children), and it has no name. The grid's box says aria-busy instead.
 */
function QuietLoadingOverlay(props: GridLoadingOverlayProps) {
  return <GridLoadingOverlay {...props} aria-hidden />;
}

declare module '@mui/x-data-grid' {
  interface NoRowsOverlayPropsOverrides { message?: string }
}

/** The grid's empty state: one component for every grid, its message given as a slot prop. */
function EmptyRowsOverlay({ message }: GridSlotProps['noRowsOverlay']) {
  return <EmptyState fill message={message ?? ''} />;
}

function useVisibleColumns(showFrom: ServerDataGridProps<GridValidRowModel>['showFrom'] = {}) {
  const theme = useTheme();
  const wide = {
    sm: useMediaQuery(theme.breakpoints.up('sm')), md: useMediaQuery(theme.breakpoints.up('md')),
    lg: useMediaQuery(theme.breakpoints.up('lg')), xl: useMediaQuery(theme.breakpoints.up('xl')),
  };
  return Object.fromEntries(Object.entries(showFrom).map(([field, from]) => [field, wide[from!]]));
}

/**
 * A data grid whose paging and sorting the server does (lists never come whole to the browser,
 * DESIGN principle 5), with the grid's own texts in the interface language.
 */
export function ServerDataGrid<Row extends GridValidRowModel>(props: ServerDataGridProps<Row>) {
  const { emptyMessage } = props;
  const columnVisibilityModel = useVisibleColumns(props.showFrom);
  const { t } = useTranslation('shell');
  const format = (n: number) => n.toLocaleString(props.language);
  return (
    <Box aria-busy={props.loading}>
      <DataGrid
        aria-label={props.label}
        rows={props.rows}
        rowCount={props.total}
        columns={props.columns}
        loading={props.loading}
        paginationMode="server"
        sortingMode="server"
        disableColumnFilter
        disableRowSelectionOnClick
        paginationModel={props.pagination}
        onPaginationModelChange={props.onPaginationChange}
        pageSizeOptions={props.pageSizeOptions}
        sortModel={props.sortModel}
        onSortModelChange={props.onSortChange}
        localeText={{
          ...LOCALES[props.language].components.MuiDataGrid.defaultProps.localeText,
          // The Greek and Romanian packs leave this one in English; numbers follow the language too.
          paginationDisplayedRows: ({ from, to, count }) => t('grid.displayedRows', { from: format(from), to: format(to), total: format(count) }),
        }}
        slots={{ loadingOverlay: QuietLoadingOverlay, ...(emptyMessage ? { noRowsOverlay: EmptyRowsOverlay } : {}) }}
        slotProps={{ noRowsOverlay: { message: emptyMessage } }}
        columnVisibilityModel={columnVisibilityModel}
        rowHeight={ROW_HEIGHT_PX}
        autoHeight
        // An overlay (loading, or no rows) is two rows tall by default. While a page loads it takes the
        // height of a page of rows instead, and so does the frame in which the grid has the rows as
        // props but not yet in its state: its footer stays below the rows' room instead of jumping up
        // and down around them (the patient list's layout shift). A list that is empty gets the default.
        sx={props.loading || props.rows.length > 0 ? { '--DataGrid-overlayHeight': `${(props.rows.length || props.pagination.pageSize) * ROW_HEIGHT_PX}px` } : undefined}
      />
    </Box>
  );
}
