/** One server-sent event: its name (`message` when none), data (text) and id (if it carried one). */
export interface SseMessage {
  event: string;
  data: string;
  id?: string;
}

/**
 * Reads server-sent events from a response body (the text/event-stream format of the HTML standard, lines ended by LF or CRLF: `event`, `data`,
 * `id` fields, blank line between events, `:` comments). EventSource cannot send an Authorization header, so the
 * console reads its stream with fetch and this.
 */
export async function* readSse(body: ReadableStream<Uint8Array>): AsyncGenerator<SseMessage> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let id: string | undefined;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let nl: number;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, nl).replace(/\r$/, '');
        buffer = buffer.slice(nl + 1);
        if (line === '') {
          if (data.length || event) yield { event: event || 'message', data: data.join('\n'), id };
          event = '';
          data = [];
          id = undefined;
          continue;
        }
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
        else if (field === 'id' && !value.includes('\0')) id = value;
      }
    }
  } finally {
    reader.releaseLock();
  }
}
