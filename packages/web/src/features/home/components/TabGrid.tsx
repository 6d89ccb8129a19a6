import { CHART_CARD_MIN_HEIGHT_PX } from '@geria/domain';
import Box from '@mui/material/Box';
import { Children, Fragment, isValidElement, type ReactNode } from 'react';
import { RenderWhenNear } from '../../../components/RenderWhenNear.tsx';

/** The cards, those a tab groups in a fragment (shown to some roles) included. */
const cardsOf = (children: ReactNode): ReactNode[] => Children.toArray(children).flatMap((child) => (
  isValidElement<{ children?: ReactNode }>(child) && child.type === Fragment ? cardsOf(child.props.children) : [child]
));

/**
 * The cards of a tab: one column on phones, two from large screens. Each renders once it comes near
 * the viewport (RenderWhenNear), in the place of a chart card meanwhile: a phone's first screen shows
 * one or two of a tab's dozen cards.
 */
export function TabGrid({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' } }}>
      {/* A tab's cards are the same for a given role: their place in the list identifies them. */}
      {cardsOf(children).map((card, i) => <RenderWhenNear key={i} minHeight={CHART_CARD_MIN_HEIGHT_PX}>{card}</RenderWhenNear>)}
    </Box>
  );
}
