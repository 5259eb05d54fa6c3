import { LiveClient, type SocketLike } from './live-client';

/** A WebSocket stand-in for tests: the test plays the server's part. */
export class FakeSocket implements SocketLike {
  readyState: SocketLike['readyState'] = 0;
  sent: unknown[] = [];
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  /** The server accepted: open and `ready`. */
  accept() {
    this.readyState = 1;
    this.frame({ type: 'ready', userId: 'u1' });
  }
  frame(frame: unknown) {
    this.raw(JSON.stringify(frame));
  }
  raw(data: string) {
    this.onmessage?.call(this as never, { data } as MessageEvent);
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.call(this as never, { code, reason: '' } as CloseEvent);
  }
}

/** A started live client on fake sockets; `socket()` is the latest one, once connected. */
export function fakeLiveClient(): { client: LiveClient; socket: () => FakeSocket | undefined } {
  let latest: FakeSocket | undefined;
  const client = new LiveClient({
    getTicket: () => Promise.resolve('t'),
    urlFor: (ticket) => ticket,
    createSocket: (url) => (latest = new FakeSocket(url)),
    onGiveUp: () => undefined,
  });
  client.start();
  return { client, socket: () => latest };
}
