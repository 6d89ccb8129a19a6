import { describe, expect, it } from 'vitest';
import { readEvent } from './live.ts';

describe('inbox stream events', () => {
  it('reads the unread count of an event', () => {
    expect(readEvent('event: unread\ndata: {"unread":3}')).toEqual({ unread: 3 });
    expect(readEvent('event: unread\ndata: {"unread":0}')).toEqual({ unread: 0 });
  });

  it('reads the reconnect hint a server sends as it shuts down', () => {
    expect(readEvent('retry: 500')).toEqual({ retryMs: 500 });
    expect(readEvent('retry: soon')).toEqual({});
  });
});
