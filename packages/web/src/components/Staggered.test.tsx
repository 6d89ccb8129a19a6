import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Staggered } from './Staggered.tsx';

describe('Staggered', () => {
  it('mounts the first child at once and the others one after the other, all in the end', async () => {
    render(<Staggered><p>first</p><p>second</p><p>third</p></Staggered>);
    expect(screen.getByText('first')).toBeTruthy();
    expect(await screen.findByText('third')).toBeTruthy();
    expect(screen.getAllByRole('paragraph').map((p) => p.textContent)).toEqual(['first', 'second', 'third']);
  });
});
