// A size limit on what a Streamable HTTP upstream sends. The SDK reads a JSON
// response whole (`response.json()`) and an event stream event by event,
// without a limit: a 300 MB result took 1.6 GB of memory. This `fetch` wraps
// the response body in a stream that counts bytes — the whole body for JSON,
// each event (up to its blank line) for `text/event-stream` — and errors the
// body past the limit, so at most the limit is ever buffered. The caller is
// told (`onOversize`) to fail the calls the oversized body belonged to.

export type FetchLike = (url: string | URL, init?: RequestInit) => Promise<Response>;

export function boundedFetch(maxBytes: number, onOversize: (bytes: number) => void, inner: FetchLike = fetch): FetchLike {
  return async (url, init) => {
    const response = await inner(url, init);
    if (!response.body) return response;
    const events = (response.headers.get('content-type') ?? '').includes('text/event-stream');
    let count = 0;
    let lastTwo = '';
    const limit = new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        if (events) {
          // Count per event: reset at each blank line ("\n\n" or "\r\n\r\n").
          let start = 0;
          for (let i = 0; i < chunk.length; i++) {
            const c = chunk[i];
            if (c === 0x0d) continue;
            if (c === 0x0a && lastTwo.endsWith('\n')) {
              count = 0;
              start = i + 1;
              lastTwo = '';
              continue;
            }
            lastTwo = c === 0x0a ? '\n' : '';
          }
          count += chunk.length - start;
        } else {
          count += chunk.length;
        }
        if (count > maxBytes) {
          onOversize(count);
          controller.error(new Error(`the server's message is over the limit of ${maxBytes} bytes`));
          return;
        }
        controller.enqueue(chunk);
      },
    });
    return new Response(response.body.pipeThrough(limit), { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}
