/** Reads the events of an SSE answer as they arrive: each as its raw text (comments skipped); undefined at its end. */
export function eventReader(res: Response) {
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  return async (): Promise<string | undefined> => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const event = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (!event.startsWith(':')) return event;
        continue;
      }
      const { value, done } = await reader.read();
      if (done) return undefined;
      buffer += value;
    }
  };
}

/** The unread count an inbox stream's event carries. */
export const unreadOf = (event: string | undefined) => JSON.parse(/^data: (.*)$/m.exec(event ?? '')![1]!).unread as number;
