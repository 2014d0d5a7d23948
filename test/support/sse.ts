/** One server-sent event. */
export interface ServerEvent {
  event: string;
  data: string;
}

export interface EventStream {
  status: number;
  contentType: string | null;
  /** Resolves with the first event (from the start of the stream) that matches; rejects after `timeoutMs`. */
  until(match: (e: ServerEvent) => boolean, timeoutMs?: number): Promise<ServerEvent>;
  events(): ServerEvent[];
  close(): void;
}

/** Opens a server-sent event stream with fetch and parses what arrives. */
export async function openEventStream(url: string, headers: Record<string, string>): Promise<EventStream> {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
  const received: ServerEvent[] = [];
  const waiters = new Set<() => void>();
  let buffer = '';
  let ended = false;
  if (response.body) {
    void (async () => {
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            let event = 'message';
            const data: string[] = [];
            for (const line of block.split('\n')) {
              if (line.startsWith('event: ')) event = line.slice(7);
              else if (line.startsWith('data: ')) data.push(line.slice(6));
            }
            if (data.length > 0) received.push({ event, data: data.join('\n') });
          }
          for (const w of [...waiters]) w();
        }
      } catch {
        // Aborted by close().
      } finally {
        ended = true;
        for (const w of [...waiters]) w();
      }
    })();
  }
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    events: () => received,
    close: () => controller.abort(),
    until(match, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = received.find(match);
          if (found) {
            finish();
            resolve(found);
          } else if (ended) {
            finish();
            reject(new Error(`the stream ended; it sent:\n${received.map((e) => `${e.event}: ${e.data.slice(0, 300)}`).join('\n')}`));
          }
        };
        const timer = setTimeout(() => {
          finish();
          reject(new Error(`no matching event within ${timeoutMs} ms; the stream sent:\n${received.map((e) => `${e.event}: ${e.data.slice(0, 300)}`).join('\n')}`));
        }, timeoutMs);
        const finish = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
  };
}
