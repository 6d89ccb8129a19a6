import Box from '@mui/material/Box';

/**
 * The room of a chart card's own actions (table toggle, PNG and CSV downloads: three 40 px icon
 * buttons), held while its numbers load. Without it the actions arrive with the numbers, the title
 * beside them wraps to a second line on a phone and the whole page below moves down (a layout shift).
 */
export const reservedActions = (loading: boolean) => (loading ? <Box aria-hidden sx={{ width: 120, height: 40 }} /> : undefined);
