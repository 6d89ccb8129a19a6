import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TableScroller } from '../../../components/TableScroller.tsx';

export interface Column<T> { label: string; value: (item: T) => ReactNode }

/** The items of a record section, each with modify and delete buttons. */
export function ItemsTable<T extends { id: string }>({ label, columns, items, name, onEdit, onDelete }: {
  label: string; columns: Column<T>[]; items: T[]; name: (item: T) => string; onEdit?: (item: T) => void; onDelete: (item: T) => void;
}) {
  const { t } = useTranslation('participants');
  return (
    <TableScroller label={label} stickyActions>
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          {columns.map((c) => <TableCell key={c.label}>{c.label}</TableCell>)}
          <TableCell align="right">{t('section.actions')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {items.map((item) => (
          <TableRow key={item.id}>
            {columns.map((c) => <TableCell key={c.label}>{c.value(item)}</TableCell>)}
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {onEdit && <IconButton size="small" aria-label={t('section.edit', { name: name(item) })} onClick={() => onEdit(item)}><EditIcon fontSize="small" /></IconButton>}
              <IconButton size="small" aria-label={t('section.delete', { name: name(item) })} onClick={() => onDelete(item)}><DeleteIcon fontSize="small" /></IconButton>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
    </TableScroller>
  );
}
