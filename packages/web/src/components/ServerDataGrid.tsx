import type { Language } from '@geria/domain';
import { DataGrid, type GridColDef, type GridPaginationModel, type GridSortModel, type GridValidRowModel } from '@mui/x-data-grid';
import { elGR, enUS, esES, frFR, itIT, ptPT, roRO } from '@mui/x-data-grid/locales';
import { EmptyState } from './EmptyState.tsx';

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
}

/**
 * A data grid whose paging and sorting the server does (lists never come whole to the browser,
 * DESIGN principle 5), with the grid's own texts in the interface language.
 */
export function ServerDataGrid<Row extends GridValidRowModel>(props: ServerDataGridProps<Row>) {
  const { emptyMessage } = props;
  return (
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
      localeText={LOCALES[props.language].components.MuiDataGrid.defaultProps.localeText}
      slots={emptyMessage ? { noRowsOverlay: () => <EmptyState message={emptyMessage} /> } : undefined}
      autoHeight
    />
  );
}
