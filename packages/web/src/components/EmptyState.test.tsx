import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmptyState } from './EmptyState.tsx';

describe('EmptyState', () => {
  it('is as tall as its message in a page (100% there is the page and the message fell below the footer), and fills a chart card or grid overlay when asked', () => {
    render(<><EmptyState message="No export yet." /><EmptyState fill message="No data available to display" /></>);
    const box = (text: string) => screen.getByText(text).parentElement!;
    expect(getComputedStyle(box('No export yet.')).height).not.toBe('100%');
    expect(getComputedStyle(box('No data available to display')).height).toBe('100%');
  });
});
